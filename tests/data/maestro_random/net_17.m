Network rnd17 {
	Layer L221 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 24, C: 96, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(69,69) C;
			TemporalMap(17,17) X';
			TemporalMap(32,32) Y';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			SpatialMap(21,21) K;
			Cluster(35,P);
			TemporalMap(49,29) Y';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(10,10) K;
			SpatialMap(12,9) X';
			TemporalMap(36,36) C;
		}
	}
	Layer L222 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(476,476) K;
			SpatialMap(230,230) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(4,3) Y';
			TemporalMap(5,5) X';
			Cluster(21,P);
			SpatialMap(4,4) X';
			TemporalMap(424,424) C;
			SpatialMap(3,3) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(235,235) K;
		}
	}
	Layer L223 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) S;
			SpatialMap(124,124) K;
			TemporalMap(65,5) C;
			TemporalMap(5,5) X';
			TemporalMap(3,3) R;
			TemporalMap(5,5) Y';
		}
	}
	Layer L224 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(26,7) Y';
			TemporalMap(128,128) C;
			TemporalMap(5,5) K;
			TemporalMap(3,3) S;
			SpatialMap(4,4) X';
			Cluster(60,P);
			TemporalMap(12,12) Y';
			TemporalMap(4,4) K;
			SpatialMap(128,91) C;
			TemporalMap(3,1) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer L225 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(10,10) Y';
			TemporalMap(3,3) R;
			SpatialMap(61,93) K;
			TemporalMap(3,3) S;
			TemporalMap(20,7) C;
			TemporalMap(10,10) X';
			Cluster(17,P);
			TemporalMap(1,1) Y';
			TemporalMap(61,95) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) S;
			SpatialMap(128,128) C;
			TemporalMap(3,3) R;
		}
	}
	Layer L226 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(15,15) C;
			TemporalMap(20,18) Y';
			SpatialMap(23,23) K;
			TemporalMap(3,3) R;
			TemporalMap(54,54) X';
			Cluster(9,P);
			TemporalMap(40,40) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(13,13) X';
			TemporalMap(41,41) K;
			TemporalMap(15,15) C;
		}
	}
	Layer L227 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(5,5) Y';
			TemporalMap(5,1) K;
			SpatialMap(26,26) X';
			TemporalMap(64,64) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			Cluster(28,P);
			TemporalMap(3,3) S;
			SpatialMap(3,2) Y';
			TemporalMap(64,64) C;
			TemporalMap(4,4) K;
			TemporalMap(3,3) R;
			TemporalMap(29,15) X';
		}
	}
	Layer L228 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(8,8) C;
			TemporalMap(20,20) Y';
			TemporalMap(5,5) X';
			SpatialMap(128,105) K;
			TemporalMap(3,3) R;
			Cluster(32,P);
			TemporalMap(87,87) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(18,18) Y';
			SpatialMap(7,7) C;
			TemporalMap(3,3) X';
		}
	}
	Layer L229 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			SpatialMap(21,21) M;
			TemporalMap(6,6) N;
			TemporalMap(475,475) K;
			Cluster(10,P);
			TemporalMap(205,253) K;
			SpatialMap(156,156) N;
			TemporalMap(42,42) M;
		}
	}
	Layer L230 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,6) Y';
			SpatialMap(9,9) K;
			TemporalMap(3,3) S;
			TemporalMap(31,31) C;
			TemporalMap(1,1) X';
			Cluster(41,P);
			TemporalMap(3,3) R;
			TemporalMap(2,2) Y';
			TemporalMap(3,3) S;
			TemporalMap(2,2) K;
			SpatialMap(1,1) X';
			TemporalMap(31,31) C;
		}
	}
	Layer L231 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(11,6) Y';
			TemporalMap(64,64) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(7,7) X';
			SpatialMap(256,256) C;
		}
	}
	Layer L232 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(40,40) C;
			TemporalMap(5,1) X';
			TemporalMap(5,2) Y';
			SpatialMap(44,24) K;
			Cluster(29,P);
			TemporalMap(1,1) Y';
			TemporalMap(3,3) R;
			TemporalMap(70,70) C;
			SpatialMap(1,1) X';
			TemporalMap(32,32) K;
			TemporalMap(3,3) S;
		}
	}
}
