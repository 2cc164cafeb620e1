Network rnd10 {
	Layer L127 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(1,1) S;
			TemporalMap(414,414) K;
			TemporalMap(7,7) Y';
			TemporalMap(1,1) R;
			TemporalMap(12,12) X';
			SpatialMap(166,67) C;
			Cluster(50,P);
			TemporalMap(1,1) R;
			TemporalMap(231,141) K;
			TemporalMap(1,1) S;
			SpatialMap(12,8) X';
			TemporalMap(162,162) C;
			TemporalMap(3,3) Y';
		}
	}
	Layer L128 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			SpatialMap(61,27) K;
			TemporalMap(64,87) N;
			TemporalMap(149,13) M;
			Cluster(12,P);
			TemporalMap(54,54) K;
			SpatialMap(19,19) N;
			TemporalMap(19,19) M;
			Cluster(5,P);
			SpatialMap(2,2) N;
			TemporalMap(26,16) K;
			TemporalMap(18,18) M;
		}
	}
	Layer L129 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(5,5) Y';
			TemporalMap(169,169) C;
			SpatialMap(2,2) X';
			TemporalMap(249,249) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L130 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(2,4) X';
			TemporalMap(173,173) K;
			TemporalMap(3,3) R;
			TemporalMap(148,148) C;
			TemporalMap(3,3) S;
			TemporalMap(6,6) Y';
			Cluster(4,P);
			SpatialMap(142,97) C;
			TemporalMap(3,3) R;
			TemporalMap(6,6) Y';
			TemporalMap(51,5) K;
			SpatialMap(1,1) X';
			TemporalMap(3,3) S;
		}
	}
	Layer L131 {
		Type: DSCONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(7,1) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(51,51) Y';
			TemporalMap(19,19) X';
		}
	}
	Layer L132 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(5,5) C;
			TemporalMap(12,12) Y';
			TemporalMap(3,3) X';
			TemporalMap(3,3) S;
			TemporalMap(186,49) K;
			Cluster(55,P);
			TemporalMap(3,3) C;
			TemporalMap(3,3) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(2,1) Y';
			SpatialMap(27,4) K;
		}
	}
	Layer L133 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(11,9) K;
			SpatialMap(52,33) Y';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(84,84) X';
			TemporalMap(32,58) C;
		}
	}
	Layer L134 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			SpatialMap(26,20) N;
			TemporalMap(62,62) K;
			TemporalMap(47,47) M;
		}
	}
	Layer L135 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(60,60) C;
			SpatialMap(8,8) X';
			TemporalMap(3,3) S;
			TemporalMap(18,17) Y';
			TemporalMap(82,82) K;
			Cluster(28,P);
			TemporalMap(8,8) X';
			TemporalMap(16,16) C;
			TemporalMap(3,3) R;
			TemporalMap(9,9) Y';
			TemporalMap(3,3) S;
			SpatialMap(66,66) K;
		}
	}
	Layer L136 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(47,47) N;
			TemporalMap(84,84) K;
			SpatialMap(66,66) M;
			Cluster(27,P);
			SpatialMap(30,30) M;
			TemporalMap(50,11) K;
			TemporalMap(54,54) N;
			Cluster(1,P);
			TemporalMap(100,100) N;
			TemporalMap(50,50) K;
			SpatialMap(19,19) M;
		}
	}
	Layer L137 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(4,7) C;
			TemporalMap(380,179) K;
			TemporalMap(1,1) S;
			TemporalMap(11,2) X';
			TemporalMap(14,14) Y';
			TemporalMap(1,1) R;
			Cluster(29,P);
			TemporalMap(2,2) X';
			SpatialMap(1,1) C;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(2,2) Y';
			TemporalMap(214,213) K;
		}
	}
	Layer L138 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(476,476) C;
			TemporalMap(214,22) K;
			TemporalMap(3,3) R;
			SpatialMap(5,5) X';
			TemporalMap(3,3) S;
			TemporalMap(2,2) Y';
			Cluster(41,P);
			TemporalMap(3,3) S;
			TemporalMap(5,5) X';
			TemporalMap(3,3) R;
			TemporalMap(132,132) K;
			SpatialMap(427,104) C;
			TemporalMap(1,1) Y';
		}
	}
}
