Network rnd6 {
	Layer L76 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(128,25) C;
			TemporalMap(1,1) R;
			TemporalMap(12,12) Y';
			TemporalMap(151,79) K;
			TemporalMap(1,1) S;
			SpatialMap(18,18) X';
			Cluster(24,P);
			SpatialMap(12,12) Y';
			TemporalMap(91,91) C;
			TemporalMap(136,18) K;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(12,12) X';
		}
	}
	Layer L77 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(101,101) X';
			TemporalMap(1,1) R;
			TemporalMap(8,8) K;
			SpatialMap(108,108) Y';
			TemporalMap(26,52) C;
			TemporalMap(1,1) S;
			Cluster(19,P);
			TemporalMap(15,15) C;
			TemporalMap(1,1) S;
			SpatialMap(101,72) X';
			TemporalMap(1,1) R;
			TemporalMap(1,1) Y';
			TemporalMap(5,5) K;
		}
	}
	Layer L78 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(110,87) Y';
			TemporalMap(75,75) X';
			TemporalMap(24,24) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(17,P);
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(110,30) Y';
			TemporalMap(29,41) X';
			TemporalMap(2,1) C;
		}
	}
	Layer L79 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 64, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(6,6) K;
			TemporalMap(1,1) R;
			TemporalMap(6,6) C;
			SpatialMap(11,11) X';
			TemporalMap(1,1) S;
			TemporalMap(27,27) Y';
			Cluster(16,P);
			TemporalMap(7,7) X';
			TemporalMap(6,6) K;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(27,27) Y';
			SpatialMap(4,4) C;
		}
	}
	Layer L80 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(13,13) Y';
			TemporalMap(3,3) S;
			SpatialMap(74,74) C;
			TemporalMap(10,10) X';
			TemporalMap(80,68) K;
			Cluster(57,P);
			TemporalMap(3,3) S;
			SpatialMap(9,1) X';
			TemporalMap(3,3) R;
			TemporalMap(5,5) Y';
			TemporalMap(28,24) K;
			TemporalMap(28,28) C;
		}
	}
	Layer L81 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(95,89) X';
			SpatialMap(32,32) C;
			TemporalMap(9,9) K;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(55,32) Y';
		}
	}
	Layer L82 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			TemporalMap(460,460) N;
			SpatialMap(512,512) K;
			TemporalMap(48,19) M;
			Cluster(3,P);
			TemporalMap(460,460) N;
			TemporalMap(6,5) M;
			SpatialMap(200,200) K;
			Cluster(4,P);
			SpatialMap(222,222) N;
			TemporalMap(196,196) K;
			TemporalMap(4,4) M;
		}
	}
	Layer L83 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(100,100) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(99,99) C;
			TemporalMap(13,13) X';
			SpatialMap(9,9) Y';
			Cluster(7,P);
			TemporalMap(22,22) K;
			TemporalMap(5,5) Y';
			TemporalMap(3,3) R;
			SpatialMap(13,5) X';
			TemporalMap(3,3) S;
			TemporalMap(2,2) C;
		}
	}
	Layer L84 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(11,11) X';
			TemporalMap(128,128) K;
			TemporalMap(3,3) R;
			SpatialMap(128,128) C;
			TemporalMap(5,5) Y';
			TemporalMap(3,3) S;
			Cluster(58,P);
			SpatialMap(5,2) Y';
			TemporalMap(1,1) X';
			TemporalMap(128,118) C;
			TemporalMap(3,3) R;
			TemporalMap(128,128) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L85 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(94,94) X';
			TemporalMap(46,41) K;
			TemporalMap(1,1) S;
			TemporalMap(111,126) Y';
			SpatialMap(5,2) C;
			TemporalMap(1,1) R;
		}
	}
	Layer L86 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(10,10) C;
			TemporalMap(35,35) K;
			TemporalMap(15,10) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(6,6) Y';
			Cluster(5,P);
			TemporalMap(18,18) K;
			TemporalMap(2,1) Y';
			TemporalMap(3,3) S;
			SpatialMap(2,2) C;
			TemporalMap(11,4) X';
			TemporalMap(3,3) R;
			Cluster(33,P);
			TemporalMap(54,22) Y';
			SpatialMap(64,64) C;
			TemporalMap(37,37) X';
			TemporalMap(12,12) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer L87 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(14,14) Y';
			SpatialMap(64,64) K;
			TemporalMap(3,3) S;
			TemporalMap(30,30) X';
			TemporalMap(27,8) C;
			Cluster(3,P);
			TemporalMap(26,26) X';
			TemporalMap(3,3) R;
			TemporalMap(21,21) K;
			TemporalMap(27,24) C;
			SpatialMap(3,3) Y';
			TemporalMap(3,3) S;
			Cluster(5,P);
			TemporalMap(3,3) S;
			TemporalMap(9,9) X';
			TemporalMap(1,1) Y';
			SpatialMap(15,15) C;
			TemporalMap(1,1) K;
			TemporalMap(3,3) R;
		}
	}
}
