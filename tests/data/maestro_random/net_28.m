Network rnd28 {
	Layer L365 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 24, C: 96, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(16,16) Y';
			TemporalMap(53,53) X';
			SpatialMap(1,1) K;
			TemporalMap(96,96) C;
			Cluster(40,P);
			TemporalMap(8,8) Y';
			TemporalMap(1,1) R;
			TemporalMap(56,56) X';
			TemporalMap(10,10) C;
			TemporalMap(1,1) S;
			SpatialMap(1,1) K;
		}
	}
	Layer L366 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(64,26) C;
			SpatialMap(16,16) X';
			TemporalMap(51,51) K;
			TemporalMap(3,3) R;
			SpatialMap(54,51) Y';
			TemporalMap(3,3) S;
			Cluster(25,P);
			TemporalMap(3,3) S;
			TemporalMap(45,45) Y';
			SpatialMap(3,3) X';
			TemporalMap(3,3) R;
			TemporalMap(13,13) C;
			SpatialMap(10,10) K;
		}
	}
	Layer L367 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(7,7) Y';
			TemporalMap(3,3) S;
			TemporalMap(128,128) K;
			TemporalMap(4,4) X';
			SpatialMap(74,6) C;
			Cluster(55,P);
			TemporalMap(7,7) Y';
			SpatialMap(4,2) X';
			TemporalMap(88,88) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(62,62) C;
		}
	}
	Layer L368 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(6,2) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(125,125) K;
			TemporalMap(2,2) Y';
			SpatialMap(250,250) C;
			Cluster(25,P);
			TemporalMap(77,77) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(69,69) C;
			SpatialMap(1,1) Y';
			Cluster(4,P);
			SpatialMap(1,1) Y';
			SpatialMap(246,246) C;
			TemporalMap(22,22) K;
			TemporalMap(3,3) S;
			TemporalMap(1,1) X';
			TemporalMap(3,3) R;
		}
	}
	Layer L369 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			TemporalMap(83,83) N;
			SpatialMap(256,256) M;
			TemporalMap(10,10) K;
			Cluster(20,P);
			TemporalMap(54,54) N;
			SpatialMap(27,27) M;
			TemporalMap(8,8) K;
			Cluster(4,P);
			TemporalMap(4,4) K;
			SpatialMap(20,20) M;
			TemporalMap(116,26) N;
		}
	}
	Layer L370 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(2,2) C;
			TemporalMap(18,18) K;
			TemporalMap(80,80) X';
			TemporalMap(3,3) R;
			SpatialMap(93,74) Y';
			TemporalMap(3,3) S;
			Cluster(43,P);
			TemporalMap(3,3) S;
			TemporalMap(2,2) C;
			TemporalMap(3,3) R;
			SpatialMap(80,80) X';
			TemporalMap(10,10) K;
			TemporalMap(50,50) Y';
			Cluster(1,P);
			TemporalMap(3,3) S;
			TemporalMap(1,1) C;
			TemporalMap(57,57) X';
			SpatialMap(13,13) Y';
			TemporalMap(6,6) K;
			TemporalMap(3,3) R;
		}
	}
	Layer L371 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(512,512) C;
			TemporalMap(3,3) R;
			SpatialMap(5,5) Y';
			TemporalMap(5,5) X';
			TemporalMap(3,3) S;
			TemporalMap(336,336) K;
		}
	}
	Layer L372 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 24, C: 96, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(24,20) K;
			TemporalMap(70,70) C;
			TemporalMap(28,28) X';
			TemporalMap(9,2) Y';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			Cluster(39,P);
			TemporalMap(15,15) K;
			TemporalMap(18,18) X';
			SpatialMap(1,1) Y';
			TemporalMap(60,60) C;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			Cluster(4,P);
			TemporalMap(3,3) K;
			TemporalMap(1,1) S;
			SpatialMap(1,1) Y';
			TemporalMap(1,1) R;
			TemporalMap(15,11) C;
			TemporalMap(18,16) X';
		}
	}
	Layer L373 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(1,1) S;
			TemporalMap(20,20) K;
			TemporalMap(90,58) Y';
			SpatialMap(60,60) X';
			TemporalMap(9,9) C;
			TemporalMap(1,1) R;
		}
	}
	Layer L374 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(49,49) X';
			SpatialMap(4,4) C;
			TemporalMap(103,103) Y';
			SpatialMap(61,61) K;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			Cluster(46,P);
			TemporalMap(2,1) K;
			TemporalMap(1,1) R;
			SpatialMap(41,41) Y';
			TemporalMap(4,4) C;
			TemporalMap(1,1) S;
			TemporalMap(25,25) X';
		}
	}
	Layer L375 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) X';
			SpatialMap(23,23) K;
			TemporalMap(3,3) R;
			TemporalMap(127,127) C;
			TemporalMap(12,10) Y';
			Cluster(43,P);
			SpatialMap(7,7) C;
			TemporalMap(3,3) S;
			TemporalMap(13,4) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) X';
			SpatialMap(8,6) Y';
		}
	}
	Layer L376 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(64,1) C;
			TemporalMap(1,1) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(2,2) X';
			SpatialMap(1,1) Y';
			Cluster(56,P);
			TemporalMap(3,3) S;
			SpatialMap(1,1) Y';
			TemporalMap(3,3) R;
			TemporalMap(2,2) X';
			TemporalMap(35,4) C;
			SpatialMap(1,1) K;
			Cluster(3,P);
			TemporalMap(1,1) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(54,54) Y';
			SpatialMap(35,35) C;
			TemporalMap(2,2) X';
		}
	}
}
