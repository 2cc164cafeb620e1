Network rnd16 {
	Layer L207 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			SpatialMap(242,106) M;
			TemporalMap(72,70) N;
			TemporalMap(10,10) K;
			Cluster(11,P);
			TemporalMap(15,5) N;
			SpatialMap(14,19) M;
			TemporalMap(10,10) K;
		}
	}
	Layer L209 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(5,5) C;
			TemporalMap(112,112) Y';
			SpatialMap(29,29) K;
			TemporalMap(85,85) X';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			Cluster(33,P);
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			SpatialMap(5,5) C;
			TemporalMap(103,103) Y';
			TemporalMap(8,8) K;
			SpatialMap(85,85) X';
		}
	}
	Layer L210 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(28,28) Y';
			SpatialMap(11,11) X';
			TemporalMap(1,1) R;
			TemporalMap(128,128) C;
			TemporalMap(1,1) S;
			SpatialMap(67,67) K;
			Cluster(32,P);
			TemporalMap(81,81) C;
			TemporalMap(17,16) X';
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			SpatialMap(15,15) K;
			TemporalMap(13,22) Y';
		}
	}
	Layer L211 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(4,4) X';
			TemporalMap(66,36) K;
			TemporalMap(3,3) S;
			TemporalMap(9,9) Y';
			SpatialMap(19,19) C;
			Cluster(8,P);
			TemporalMap(17,17) C;
			TemporalMap(3,3) R;
			TemporalMap(50,50) K;
			TemporalMap(3,3) S;
			SpatialMap(4,4) X';
			TemporalMap(5,5) Y';
		}
	}
	Layer L212 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(148,148) C;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) X';
			TemporalMap(3,3) R;
			TemporalMap(104,104) K;
			TemporalMap(3,3) S;
			Cluster(26,P);
			TemporalMap(3,3) S;
			TemporalMap(411,63) K;
			TemporalMap(3,3) R;
			TemporalMap(44,44) C;
			SpatialMap(3,3) X';
			TemporalMap(1,1) Y';
			Cluster(2,P);
			TemporalMap(300,300) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(411,411) K;
			TemporalMap(1,1) X';
			TemporalMap(1,1) Y';
		}
	}
	Layer L213 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			SpatialMap(431,431) N;
			TemporalMap(64,64) M;
			TemporalMap(20,9) K;
		}
	}
	Layer L214 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(392,392) M;
			SpatialMap(569,226) N;
			TemporalMap(82,82) K;
			Cluster(25,P);
			TemporalMap(82,82) K;
			TemporalMap(46,46) N;
			SpatialMap(67,67) M;
		}
	}
	Layer L215 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(5,5) X';
			TemporalMap(63,63) C;
			SpatialMap(51,51) K;
			TemporalMap(3,3) S;
			TemporalMap(19,19) Y';
			Cluster(26,P);
			SpatialMap(12,13) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(17,17) Y';
			TemporalMap(10,10) K;
			TemporalMap(14,12) X';
			Cluster(1,P);
			TemporalMap(3,3) S;
			TemporalMap(15,15) Y';
			SpatialMap(10,9) K;
			TemporalMap(13,6) X';
			TemporalMap(4,4) C;
			TemporalMap(3,3) R;
		}
	}
	Layer L216 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(28,28) X';
			TemporalMap(17,17) Y';
			TemporalMap(2,2) C;
			TemporalMap(1,1) S;
			SpatialMap(125,125) K;
			TemporalMap(1,1) R;
			Cluster(18,P);
			TemporalMap(3,6) X';
			TemporalMap(1,1) R;
			SpatialMap(4,4) Y';
			TemporalMap(30,30) K;
			TemporalMap(2,2) C;
			TemporalMap(1,1) S;
			Cluster(3,P);
			TemporalMap(1,1) S;
			TemporalMap(3,3) X';
			TemporalMap(2,2) C;
			TemporalMap(1,1) Y';
			TemporalMap(1,1) R;
			SpatialMap(11,5) K;
		}
	}
	Layer L217 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			TemporalMap(20,20) K;
			SpatialMap(80,50) M;
			TemporalMap(128,128) N;
			Cluster(15,P);
			SpatialMap(125,125) N;
			TemporalMap(19,19) K;
			TemporalMap(79,79) M;
		}
	}
	Layer L219 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(25,25) X';
			TemporalMap(33,33) K;
			TemporalMap(3,3) S;
			TemporalMap(23,23) C;
			SpatialMap(11,6) Y';
			TemporalMap(3,3) R;
			Cluster(10,P);
			TemporalMap(22,22) K;
			TemporalMap(10,1) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(11,2) X';
			SpatialMap(25,25) Y';
		}
	}
	Layer L220 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(23,23) C;
			TemporalMap(6,6) Y';
			TemporalMap(1,1) R;
			TemporalMap(56,56) X';
			SpatialMap(22,22) K;
			TemporalMap(1,1) S;
		}
	}
}
