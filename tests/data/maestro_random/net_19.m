Network rnd19 {
	Layer L245 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(5,5) X';
			TemporalMap(54,5) Y';
			TemporalMap(3,3) S;
			SpatialMap(42,42) C;
			TemporalMap(72,56) K;
			Cluster(5,P);
			TemporalMap(3,3) S;
			TemporalMap(62,62) K;
			TemporalMap(33,32) X';
			SpatialMap(33,33) C;
			TemporalMap(3,3) R;
			TemporalMap(43,43) Y';
			Cluster(25,P);
			TemporalMap(3,3) S;
			TemporalMap(20,20) Y';
			SpatialMap(4,4) K;
			TemporalMap(25,25) X';
			TemporalMap(3,3) R;
			TemporalMap(10,10) C;
		}
	}
	Layer L246 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			SpatialMap(238,238) K;
			TemporalMap(6,6) X';
			TemporalMap(10,10) Y';
			TemporalMap(18,18) C;
		}
	}
	Layer L247 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(3,3) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(101,101) Y';
			TemporalMap(82,82) X';
			Cluster(33,P);
			TemporalMap(32,32) C;
			TemporalMap(3,3) S;
			SpatialMap(50,50) X';
			TemporalMap(3,3) R;
			TemporalMap(37,37) Y';
			Cluster(7,P);
			TemporalMap(8,8) C;
			SpatialMap(7,7) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(19,19) X';
		}
	}
	Layer L248 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(55,37) C;
			TemporalMap(164,135) K;
			SpatialMap(3,1) X';
			TemporalMap(4,4) Y';
			TemporalMap(3,3) S;
			Cluster(12,P);
			SpatialMap(18,18) C;
			TemporalMap(3,3) S;
			TemporalMap(28,28) K;
			TemporalMap(2,3) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) X';
		}
	}
	Layer L249 {
		Type: DSCONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(79,79) C;
			SpatialMap(47,47) Y';
			TemporalMap(3,3) R;
			TemporalMap(16,16) X';
			TemporalMap(3,3) S;
		}
	}
	Layer L251 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(74,66) N;
			TemporalMap(7,7) K;
			SpatialMap(36,23) M;
			Cluster(22,P);
			SpatialMap(74,74) N;
			TemporalMap(6,6) K;
			TemporalMap(3,3) M;
		}
	}
	Layer L252 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(9,9) Y';
			TemporalMap(39,39) C;
			SpatialMap(1,1) X';
			TemporalMap(80,80) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
		}
	}
	Layer L253 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(145,145) K;
			TemporalMap(3,3) S;
			TemporalMap(8,4) Y';
			TemporalMap(172,168) C;
			TemporalMap(3,3) R;
			TemporalMap(10,2) X';
			Cluster(41,P);
			TemporalMap(3,3) S;
			SpatialMap(1,1) Y';
			TemporalMap(6,6) X';
			TemporalMap(3,3) R;
			TemporalMap(27,27) K;
			TemporalMap(103,103) C;
		}
	}
	Layer L254 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(9,9) X';
			TemporalMap(117,117) C;
			TemporalMap(12,4) Y';
			TemporalMap(3,3) S;
			TemporalMap(181,181) K;
			Cluster(20,P);
			TemporalMap(12,12) Y';
			SpatialMap(33,14) K;
			TemporalMap(198,198) C;
			TemporalMap(3,3) S;
			TemporalMap(7,3) X';
			TemporalMap(3,3) R;
		}
	}
	Layer L255 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(16,12) Y';
			TemporalMap(32,32) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(13,13) X';
			TemporalMap(54,54) C;
			Cluster(18,P);
			TemporalMap(10,10) C;
			TemporalMap(13,13) X';
			TemporalMap(3,3) S;
			SpatialMap(8,8) Y';
			TemporalMap(19,19) K;
			TemporalMap(3,3) R;
		}
	}
	Layer L256 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(7,7) S;
			TemporalMap(7,7) R;
			TemporalMap(1,1) C;
			TemporalMap(218,168) X';
			SpatialMap(139,139) Y';
			TemporalMap(64,64) K;
			Cluster(22,P);
			TemporalMap(13,13) K;
			SpatialMap(70,43) Y';
			SpatialMap(1,1) C;
			TemporalMap(156,107) X';
			TemporalMap(7,7) S;
			TemporalMap(7,7) R;
		}
	}
	Layer L257 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			TemporalMap(13,9) K;
			TemporalMap(22,1) N;
			SpatialMap(186,143) M;
			Cluster(25,P);
			SpatialMap(20,20) N;
			TemporalMap(12,12) K;
			TemporalMap(247,384) M;
		}
	}
}
