Network rnd29 {
	Layer L377 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(1,1) R;
			SpatialMap(14,7) X';
			TemporalMap(1,1) S;
			TemporalMap(229,210) K;
			TemporalMap(8,14) Y';
			TemporalMap(128,128) C;
		}
	}
	Layer L378 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(2,2) X';
			TemporalMap(130,130) K;
			TemporalMap(3,3) S;
			TemporalMap(12,12) Y';
			TemporalMap(65,65) C;
			Cluster(60,P);
			TemporalMap(64,64) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(31,15) C;
			TemporalMap(2,2) X';
			SpatialMap(9,9) Y';
		}
	}
	Layer L379 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(17,17) C;
			SpatialMap(4,4) X';
			TemporalMap(237,21) K;
			TemporalMap(1,1) R;
			TemporalMap(6,6) Y';
			TemporalMap(1,1) S;
			Cluster(25,P);
			TemporalMap(1,1) R;
			TemporalMap(237,237) K;
			TemporalMap(6,6) Y';
			TemporalMap(3,1) C;
			SpatialMap(4,4) X';
			TemporalMap(1,1) S;
		}
	}
	Layer L380 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(42,42) K;
			SpatialMap(85,85) C;
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
			TemporalMap(1,1) X';
			Cluster(47,P);
			TemporalMap(3,3) R;
			TemporalMap(1,1) X';
			SpatialMap(1,1) Y';
			TemporalMap(3,3) S;
			TemporalMap(38,38) C;
			TemporalMap(17,17) K;
		}
	}
	Layer L381 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(12,12) Y';
			TemporalMap(1,1) X';
			TemporalMap(160,26) K;
			SpatialMap(256,256) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer L382 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(104,104) K;
			TemporalMap(102,6) C;
			SpatialMap(9,9) Y';
			TemporalMap(12,12) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			Cluster(41,P);
			SpatialMap(84,84) C;
			TemporalMap(3,3) R;
			TemporalMap(12,12) X';
			TemporalMap(9,9) Y';
			TemporalMap(3,3) S;
			TemporalMap(92,92) K;
		}
	}
	Layer L384 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(239,239) K;
			TemporalMap(222,222) C;
			TemporalMap(9,3) X';
			TemporalMap(12,8) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			Cluster(21,P);
			TemporalMap(9,9) X';
			SpatialMap(137,137) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(178,178) C;
			TemporalMap(12,12) Y';
		}
	}
	Layer L385 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(1,1) S;
			TemporalMap(112,66) Y';
			TemporalMap(32,5) C;
			TemporalMap(1,1) R;
			SpatialMap(6,6) K;
			TemporalMap(63,63) X';
		}
	}
	Layer L386 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(71,71) M;
			SpatialMap(100,100) N;
			TemporalMap(100,100) K;
			Cluster(26,P);
			SpatialMap(88,88) K;
			TemporalMap(59,59) M;
			TemporalMap(82,42) N;
		}
	}
	Layer L387 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(45,45) C;
			TemporalMap(25,25) K;
			TemporalMap(3,3) R;
			TemporalMap(24,24) Y';
			TemporalMap(28,28) X';
			TemporalMap(3,3) S;
			Cluster(34,P);
			TemporalMap(25,25) K;
			SpatialMap(24,24) Y';
			TemporalMap(2,2) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(45,45) C;
		}
	}
	Layer L388 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(12,12) Y';
			TemporalMap(3,3) R;
			TemporalMap(230,222) C;
			TemporalMap(7,1) X';
			TemporalMap(3,3) S;
			SpatialMap(89,89) K;
		}
	}
	Layer L389 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(51,51) C;
			TemporalMap(235,235) K;
			TemporalMap(3,3) R;
			TemporalMap(1,1) X';
			SpatialMap(6,5) Y';
			TemporalMap(3,3) S;
			Cluster(61,P);
			SpatialMap(29,29) C;
			TemporalMap(6,6) Y';
			TemporalMap(3,3) R;
			TemporalMap(190,81) K;
			TemporalMap(3,3) S;
			SpatialMap(1,1) X';
		}
	}
}
