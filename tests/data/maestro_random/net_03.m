Network rnd3 {
	Layer L40 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(42,42) K;
			TemporalMap(5,5) Y';
			TemporalMap(3,3) R;
			TemporalMap(51,51) C;
			SpatialMap(17,17) X';
		}
	}
	Layer L41 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(270,270) C;
			TemporalMap(3,2) Y';
			SpatialMap(24,11) K;
			TemporalMap(5,5) X';
			Cluster(32,P);
			SpatialMap(7,4) K;
			TemporalMap(154,6) C;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(4,4) X';
		}
	}
	Layer L42 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(12,12) Y';
			SpatialMap(5,5) X';
			TemporalMap(512,318) K;
			TemporalMap(3,3) S;
			TemporalMap(20,20) C;
		}
	}
	Layer L43 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(54,54) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(73,73) Y';
			TemporalMap(6,6) X';
			Cluster(63,P);
			TemporalMap(3,3) R;
			TemporalMap(3,2) C;
			SpatialMap(29,29) Y';
			TemporalMap(6,6) X';
			TemporalMap(3,3) S;
		}
	}
	Layer L44 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(37,37) C;
			TemporalMap(3,3) S;
			SpatialMap(5,4) Y';
			TemporalMap(63,63) K;
			TemporalMap(2,2) X';
			Cluster(17,P);
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
			SpatialMap(2,2) X';
			TemporalMap(28,28) C;
			TemporalMap(63,63) K;
		}
	}
	Layer L45 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(6,6) C;
			TemporalMap(20,20) K;
			TemporalMap(17,17) X';
			TemporalMap(1,1) S;
			TemporalMap(22,22) Y';
			TemporalMap(1,1) R;
			Cluster(25,P);
			TemporalMap(1,1) S;
			TemporalMap(13,13) K;
			TemporalMap(15,12) X';
			TemporalMap(6,6) C;
			TemporalMap(1,1) R;
			SpatialMap(22,22) Y';
		}
	}
	Layer L46 {
		Type: DSCONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(65,65) C;
			TemporalMap(3,3) R;
			SpatialMap(7,3) Y';
			TemporalMap(25,25) X';
			TemporalMap(3,3) S;
			Cluster(10,P);
			SpatialMap(2,2) Y';
			TemporalMap(15,14) X';
			TemporalMap(46,46) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
		}
	}
	Layer L47 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			SpatialMap(64,64) K;
			TemporalMap(256,256) M;
			TemporalMap(128,128) N;
			Cluster(2,P);
			SpatialMap(37,34) K;
			TemporalMap(41,41) M;
			TemporalMap(128,93) N;
		}
	}
	Layer L48 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(54,54) Y';
			TemporalMap(3,3) S;
			SpatialMap(37,37) K;
			TemporalMap(64,64) C;
			TemporalMap(35,35) X';
			Cluster(34,P);
			TemporalMap(3,3) R;
			SpatialMap(27,27) X';
			TemporalMap(34,34) Y';
			TemporalMap(3,3) S;
			TemporalMap(6,6) C;
			TemporalMap(37,37) K;
		}
	}
	Layer L49 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			SpatialMap(60,60) N;
			TemporalMap(79,79) M;
			TemporalMap(3,3) K;
			Cluster(53,P);
			SpatialMap(24,3) N;
			TemporalMap(35,35) M;
			TemporalMap(1,1) K;
		}
	}
	Layer L50 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(40,40) Y';
			TemporalMap(27,27) X';
			TemporalMap(10,6) K;
			TemporalMap(1,1) R;
			SpatialMap(20,15) C;
			TemporalMap(1,1) S;
			Cluster(19,P);
			TemporalMap(32,4) X';
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(68,68) K;
			TemporalMap(40,40) Y';
			SpatialMap(7,7) C;
		}
	}
	Layer L51 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			SpatialMap(11,8) K;
			TemporalMap(46,46) N;
			TemporalMap(142,27) M;
			Cluster(48,P);
			SpatialMap(142,142) M;
			TemporalMap(17,11) N;
			TemporalMap(11,11) K;
		}
	}
}
