Network rnd4 {
	Layer L52 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) S;
			SpatialMap(128,78) C;
			TemporalMap(140,140) K;
			TemporalMap(11,11) Y';
			TemporalMap(3,3) R;
			TemporalMap(21,21) X';
			Cluster(61,P);
			TemporalMap(128,74) C;
			TemporalMap(3,3) S;
			TemporalMap(140,83) K;
			SpatialMap(11,6) X';
			TemporalMap(11,11) Y';
			TemporalMap(3,3) R;
		}
	}
	Layer L53 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			TemporalMap(4,4) N;
			SpatialMap(212,212) M;
			TemporalMap(35,35) K;
			Cluster(48,P);
			TemporalMap(6,6) K;
			TemporalMap(193,193) M;
			SpatialMap(1,1) N;
		}
	}
	Layer L54 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(97,97) M;
			SpatialMap(27,13) K;
			TemporalMap(22,22) N;
			Cluster(31,P);
			SpatialMap(1,1) K;
			TemporalMap(13,13) M;
			TemporalMap(20,3) N;
		}
	}
	Layer L55 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(103,103) C;
			TemporalMap(225,148) K;
			TemporalMap(28,28) Y';
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			SpatialMap(21,21) X';
			Cluster(16,P);
			TemporalMap(1,1) S;
			TemporalMap(3,3) X';
			TemporalMap(1,1) R;
			SpatialMap(10,10) Y';
			TemporalMap(23,23) C;
			TemporalMap(79,64) K;
		}
	}
	Layer L56 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(20,3) X';
			TemporalMap(3,3) R;
			TemporalMap(34,34) Y';
			TemporalMap(26,26) K;
			TemporalMap(3,3) S;
			TemporalMap(24,24) C;
		}
	}
	Layer L57 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,2) X';
			TemporalMap(3,3) R;
			TemporalMap(512,512) K;
			SpatialMap(10,9) Y';
			TemporalMap(161,161) C;
			TemporalMap(3,3) S;
			Cluster(26,P);
			SpatialMap(5,5) Y';
			TemporalMap(259,259) K;
			TemporalMap(3,3) S;
			TemporalMap(12,12) X';
			TemporalMap(3,3) R;
			TemporalMap(204,204) C;
		}
	}
	Layer L58 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(119,26) K;
			TemporalMap(1,1) S;
			SpatialMap(24,24) C;
			TemporalMap(22,22) Y';
			TemporalMap(17,17) X';
			TemporalMap(1,1) R;
			Cluster(40,P);
			TemporalMap(1,1) S;
			SpatialMap(8,8) X';
			TemporalMap(119,119) K;
			TemporalMap(1,1) R;
			TemporalMap(22,22) Y';
			TemporalMap(17,17) C;
			Cluster(4,P);
			TemporalMap(119,9) K;
			SpatialMap(2,2) C;
			TemporalMap(5,4) X';
			TemporalMap(1,1) R;
			TemporalMap(2,2) Y';
			TemporalMap(1,1) S;
		}
	}
	Layer L59 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			SpatialMap(134,257) M;
			TemporalMap(25,25) K;
			TemporalMap(38,15) N;
			Cluster(25,P);
			TemporalMap(8,8) K;
			TemporalMap(38,38) N;
			SpatialMap(23,9) M;
		}
	}
	Layer L60 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 24, C: 96, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(56,56) X';
			TemporalMap(24,24) K;
			SpatialMap(50,50) Y';
			TemporalMap(82,82) C;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			Cluster(9,P);
			TemporalMap(10,10) C;
			TemporalMap(1,1) S;
			SpatialMap(50,50) Y';
			TemporalMap(22,22) X';
			TemporalMap(4,4) K;
			TemporalMap(1,1) R;
		}
	}
	Layer L61 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(127,121) K;
			SpatialMap(9,9) X';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(56,39) Y';
			TemporalMap(22,12) C;
			Cluster(35,P);
			TemporalMap(106,19) K;
			TemporalMap(1,1) R;
			TemporalMap(56,56) Y';
			SpatialMap(8,8) X';
			TemporalMap(22,22) C;
			TemporalMap(1,1) S;
			Cluster(3,P);
			TemporalMap(55,55) Y';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(32,32) X';
			TemporalMap(95,95) K;
			SpatialMap(14,14) C;
		}
	}
	Layer L62 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 24, C: 96, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(19,11) Y';
			TemporalMap(34,34) X';
			SpatialMap(93,93) C;
			TemporalMap(1,1) S;
			TemporalMap(6,6) K;
			TemporalMap(1,1) R;
			Cluster(16,P);
			TemporalMap(1,1) S;
			TemporalMap(14,14) Y';
			TemporalMap(28,28) X';
			TemporalMap(1,1) R;
			SpatialMap(2,1) K;
			TemporalMap(96,7) C;
		}
	}
	Layer L63 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(256,256) K;
			TemporalMap(3,3) X';
			TemporalMap(3,3) R;
			SpatialMap(3,3) Y';
			TemporalMap(15,15) C;
			TemporalMap(3,3) S;
			Cluster(7,P);
			TemporalMap(2,2) Y';
			SpatialMap(240,240) K;
			TemporalMap(3,3) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(15,15) C;
		}
	}
}
