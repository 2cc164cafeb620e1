Network rnd2 {
	Layer L28 {
		Type: DSCONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(14,1) Y';
			SpatialMap(42,42) X';
			TemporalMap(85,85) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
		}
	}
	Layer L29 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(256,256) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(256,219) K;
			TemporalMap(1,1) Y';
			SpatialMap(3,1) X';
			Cluster(45,P);
			TemporalMap(3,3) R;
			TemporalMap(3,3) Y';
			TemporalMap(7,5) C;
			TemporalMap(12,12) K;
			SpatialMap(3,3) X';
			TemporalMap(3,3) S;
		}
	}
	Layer L30 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(48,42) K;
			SpatialMap(22,21) Y';
			TemporalMap(64,64) C;
			TemporalMap(17,17) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(53,P);
			SpatialMap(12,10) C;
			TemporalMap(15,27) Y';
			TemporalMap(3,3) S;
			SpatialMap(22,22) K;
			TemporalMap(3,3) R;
			TemporalMap(13,13) X';
			Cluster(5,P);
			TemporalMap(12,12) Y';
			TemporalMap(3,3) R;
			SpatialMap(11,11) C;
			TemporalMap(13,13) X';
			TemporalMap(22,9) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L31 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(5,2) Y';
			TemporalMap(4,4) X';
			TemporalMap(3,3) S;
			TemporalMap(52,52) K;
			TemporalMap(256,196) C;
			Cluster(10,P);
			TemporalMap(4,4) Y';
			TemporalMap(3,3) S;
			TemporalMap(199,160) K;
			SpatialMap(1,1) X';
			TemporalMap(3,3) R;
			TemporalMap(204,204) C;
		}
	}
	Layer L32 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(337,337) M;
			TemporalMap(536,536) K;
			SpatialMap(263,263) N;
			Cluster(29,P);
			TemporalMap(349,349) K;
			TemporalMap(263,263) N;
			SpatialMap(123,123) M;
		}
	}
	Layer L33 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(15,15) Y';
			TemporalMap(3,3) R;
			SpatialMap(26,26) X';
			TemporalMap(3,3) S;
			TemporalMap(30,18) C;
			TemporalMap(128,128) K;
			Cluster(44,P);
			TemporalMap(8,8) Y';
			TemporalMap(115,115) K;
			SpatialMap(10,10) X';
			SpatialMap(2,2) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			Cluster(1,P);
			SpatialMap(5,5) X';
			TemporalMap(58,58) K;
			TemporalMap(3,3) S;
			TemporalMap(6,1) Y';
			TemporalMap(1,1) C;
			TemporalMap(3,3) R;
		}
	}
	Layer L34 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(7,7) Y';
			TemporalMap(256,256) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(12,12) X';
			TemporalMap(98,74) K;
			Cluster(24,P);
			SpatialMap(59,59) K;
			TemporalMap(3,3) R;
			TemporalMap(4,4) X';
			TemporalMap(200,200) C;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) S;
		}
	}
	Layer L35 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(64,64) C;
			TemporalMap(3,3) S;
			TemporalMap(13,13) X';
			TemporalMap(3,3) R;
			TemporalMap(64,64) K;
			SpatialMap(23,23) Y';
			Cluster(15,P);
			SpatialMap(4,4) Y';
			TemporalMap(50,50) C;
			TemporalMap(51,51) K;
			TemporalMap(13,13) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer L36 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(28,10) X';
			TemporalMap(128,128) K;
			TemporalMap(1,1) S;
			TemporalMap(2,2) Y';
			TemporalMap(1,1) R;
			SpatialMap(24,24) C;
			Cluster(6,P);
			TemporalMap(128,242) K;
			TemporalMap(2,1) Y';
			TemporalMap(1,1) R;
			TemporalMap(20,20) C;
			SpatialMap(28,28) X';
			TemporalMap(1,1) S;
		}
	}
	Layer L37 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(169,132) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(213,40) C;
			SpatialMap(3,3) Y';
			Cluster(56,P);
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(1,1) X';
			TemporalMap(3,3) Y';
			SpatialMap(465,465) K;
			TemporalMap(213,52) C;
		}
	}
	Layer L38 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			SpatialMap(64,64) N;
			TemporalMap(63,35) K;
			TemporalMap(26,26) M;
			Cluster(40,P);
			SpatialMap(64,64) N;
			TemporalMap(63,63) K;
			TemporalMap(83,83) M;
		}
	}
	Layer L39 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(109,109) K;
			TemporalMap(42,42) Y';
			TemporalMap(24,24) C;
			TemporalMap(49,49) X';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			Cluster(27,P);
			TemporalMap(11,11) X';
			TemporalMap(1,1) S;
			TemporalMap(16,16) K;
			TemporalMap(1,1) R;
			SpatialMap(16,16) C;
			TemporalMap(16,15) Y';
		}
	}
}
