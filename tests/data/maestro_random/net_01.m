Network rnd1 {
	Layer L15 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			SpatialMap(308,224) M;
			TemporalMap(235,235) K;
			TemporalMap(106,106) N;
			Cluster(14,P);
			TemporalMap(18,3) K;
			SpatialMap(308,288) M;
			TemporalMap(37,37) N;
		}
	}
	Layer L16 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(38,38) X';
			TemporalMap(3,3) R;
			TemporalMap(2,2) C;
			TemporalMap(206,206) Y';
			TemporalMap(3,3) S;
			SpatialMap(26,1) K;
			Cluster(36,P);
			SpatialMap(18,3) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(23,6) X';
			TemporalMap(2,2) C;
			TemporalMap(93,77) Y';
			Cluster(18,P);
			TemporalMap(3,3) S;
			SpatialMap(10,10) K;
			TemporalMap(27,27) Y';
			TemporalMap(11,11) X';
			TemporalMap(1,1) C;
			TemporalMap(3,3) R;
		}
	}
	Layer L17 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(70,70) M;
			SpatialMap(88,88) N;
			TemporalMap(47,36) K;
		}
	}
	Layer L18 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(23,23) C;
			TemporalMap(28,28) X';
			SpatialMap(45,42) Y';
			TemporalMap(3,3) R;
			Cluster(39,P);
			SpatialMap(14,14) C;
			TemporalMap(28,28) Y';
			TemporalMap(25,25) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(1,P);
			TemporalMap(8,8) X';
			SpatialMap(6,6) Y';
			TemporalMap(2,2) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
		}
	}
	Layer L19 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(54,54) X';
			TemporalMap(36,36) K;
			TemporalMap(9,13) Y';
			TemporalMap(3,3) R;
			SpatialMap(52,52) C;
		}
	}
	Layer L20 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(7,2) C;
			TemporalMap(54,54) X';
			TemporalMap(3,3) R;
			TemporalMap(34,34) Y';
			SpatialMap(14,14) K;
			TemporalMap(3,3) S;
			Cluster(24,P);
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(1,1) X';
			TemporalMap(6,6) Y';
			TemporalMap(32,32) C;
			SpatialMap(14,14) K;
		}
	}
	Layer L22 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(1,1) R;
			TemporalMap(256,207) K;
			SpatialMap(12,5) X';
			TemporalMap(1,1) S;
			TemporalMap(104,104) C;
			TemporalMap(28,28) Y';
			Cluster(5,P);
			SpatialMap(28,28) Y';
			TemporalMap(1,1) S;
			TemporalMap(2,2) X';
			TemporalMap(1,1) R;
			TemporalMap(35,35) C;
			TemporalMap(209,209) K;
		}
	}
	Layer L23 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(222,222) Y';
			TemporalMap(65,28) X';
			TemporalMap(1,1) C;
			TemporalMap(9,3) K;
			Cluster(27,P);
			TemporalMap(1,1) K;
			TemporalMap(3,3) R;
			TemporalMap(1,1) C;
			SpatialMap(21,21) X';
			TemporalMap(188,240) Y';
			TemporalMap(3,3) S;
		}
	}
	Layer L24 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(4,4) X';
			TemporalMap(3,3) R;
			TemporalMap(100,100) C;
			SpatialMap(103,103) K;
			TemporalMap(3,3) S;
			TemporalMap(1,2) Y';
			Cluster(54,P);
			TemporalMap(1,1) Y';
			TemporalMap(3,3) R;
			SpatialMap(100,32) C;
			TemporalMap(4,4) X';
			TemporalMap(93,93) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L25 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(7,7) R;
			SpatialMap(1,1) C;
			TemporalMap(218,218) Y';
			TemporalMap(69,57) X';
			TemporalMap(7,7) S;
			TemporalMap(27,27) K;
			Cluster(58,P);
			TemporalMap(7,7) R;
			TemporalMap(7,7) S;
			SpatialMap(28,10) X';
			TemporalMap(20,20) K;
			TemporalMap(1,1) C;
			TemporalMap(131,131) Y';
			Cluster(1,P);
			TemporalMap(7,7) R;
			TemporalMap(28,28) X';
			TemporalMap(7,7) S;
			SpatialMap(20,20) K;
			TemporalMap(1,1) C;
			TemporalMap(104,104) Y';
		}
	}
	Layer L26 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(441,273) M;
			SpatialMap(29,29) N;
			TemporalMap(292,58) K;
		}
	}
	Layer L27 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(1,1) C;
			TemporalMap(7,7) R;
			TemporalMap(40,40) K;
			TemporalMap(7,7) S;
			SpatialMap(172,172) Y';
			TemporalMap(172,172) X';
			Cluster(9,P);
			TemporalMap(7,7) S;
			TemporalMap(7,7) R;
			SpatialMap(1,1) C;
			TemporalMap(25,19) K;
			TemporalMap(84,84) X';
			TemporalMap(218,218) Y';
		}
	}
}
