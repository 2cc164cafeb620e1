Network rnd22 {
	Layer L285 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(12,12) Y';
			SpatialMap(256,256) K;
			TemporalMap(109,109) C;
			TemporalMap(2,2) X';
			TemporalMap(3,3) S;
		}
	}
	Layer L287 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(729,408) K;
			TemporalMap(420,262) N;
			SpatialMap(468,468) M;
		}
	}
	Layer L288 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(64,64) C;
			SpatialMap(7,7) X';
			TemporalMap(26,50) Y';
			TemporalMap(34,34) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			Cluster(17,P);
			TemporalMap(5,5) X';
			SpatialMap(50,6) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(32,30) K;
			TemporalMap(13,13) Y';
		}
	}
	Layer L289 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(2,2) C;
			TemporalMap(28,18) K;
			TemporalMap(3,3) S;
			SpatialMap(15,15) X';
			TemporalMap(222,222) Y';
			TemporalMap(3,3) R;
			Cluster(30,P);
			TemporalMap(25,25) K;
			TemporalMap(3,3) S;
			TemporalMap(191,4) Y';
			TemporalMap(3,3) R;
			SpatialMap(3,3) X';
			TemporalMap(1,1) C;
		}
	}
	Layer L290 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(21,21) K;
			SpatialMap(100,100) N;
			TemporalMap(100,11) M;
			Cluster(2,P);
			TemporalMap(21,21) K;
			SpatialMap(69,69) M;
			TemporalMap(71,71) N;
			Cluster(18,P);
			SpatialMap(99,99) M;
			SpatialMap(54,17) N;
			TemporalMap(70,57) K;
		}
	}
	Layer L291 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(1,1) R;
			TemporalMap(16,16) K;
			TemporalMap(1,1) S;
			TemporalMap(112,99) Y';
			SpatialMap(37,36) X';
			TemporalMap(29,29) C;
			Cluster(30,P);
			TemporalMap(1,1) S;
			TemporalMap(71,71) Y';
			TemporalMap(29,29) X';
			TemporalMap(1,1) R;
			SpatialMap(7,7) K;
			TemporalMap(8,8) C;
		}
	}
	Layer L292 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(19,19) Y';
			TemporalMap(7,7) R;
			TemporalMap(218,218) X';
			TemporalMap(3,1) C;
			SpatialMap(64,22) K;
			TemporalMap(7,7) S;
			Cluster(24,P);
			TemporalMap(7,7) R;
			TemporalMap(7,7) S;
			SpatialMap(42,42) X';
			TemporalMap(218,218) Y';
			TemporalMap(38,38) K;
			TemporalMap(3,3) C;
		}
	}
	Layer L293 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(12,2) Y';
			TemporalMap(3,3) S;
			TemporalMap(33,33) C;
			TemporalMap(7,7) X';
			TemporalMap(49,49) K;
			Cluster(25,P);
			TemporalMap(3,3) R;
			TemporalMap(25,25) Y';
			TemporalMap(1,1) X';
			SpatialMap(24,24) C;
			TemporalMap(64,64) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L294 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			SpatialMap(212,84) K;
			TemporalMap(32,32) N;
			TemporalMap(358,298) M;
			Cluster(21,P);
			SpatialMap(171,171) K;
			TemporalMap(27,27) N;
			TemporalMap(150,150) M;
		}
	}
	Layer L295 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) S;
			SpatialMap(32,32) C;
			TemporalMap(22,22) Y';
			SpatialMap(110,110) X';
			TemporalMap(3,3) R;
			Cluster(9,P);
			TemporalMap(5,5) C;
			SpatialMap(77,77) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(5,5) Y';
		}
	}
	Layer L296 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(61,61) K;
			TemporalMap(3,3) R;
			TemporalMap(47,38) Y';
			SpatialMap(41,11) X';
			TemporalMap(45,8) C;
			Cluster(10,P);
			SpatialMap(40,40) X';
			TemporalMap(22,20) C;
			TemporalMap(3,3) S;
			TemporalMap(20,20) Y';
			TemporalMap(36,22) K;
			TemporalMap(3,3) R;
		}
	}
	Layer L297 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			TemporalMap(13,13) N;
			SpatialMap(256,256) M;
			TemporalMap(5,4) K;
			Cluster(19,P);
			TemporalMap(60,50) K;
			TemporalMap(1,1) N;
			SpatialMap(206,206) M;
		}
	}
}
