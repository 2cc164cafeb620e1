Network rnd14 {
	Layer L180 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) X';
			SpatialMap(2,2) Y';
			TemporalMap(252,252) K;
			TemporalMap(3,3) R;
			TemporalMap(9,9) C;
		}
	}
	Layer L181 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(5,5) Y';
			TemporalMap(3,3) X';
			SpatialMap(512,512) K;
			TemporalMap(76,76) C;
			TemporalMap(3,3) S;
			Cluster(53,P);
			TemporalMap(22,22) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(512,43) K;
			TemporalMap(2,1) X';
			SpatialMap(4,4) Y';
		}
	}
	Layer L182 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(34,34) Y';
			SpatialMap(14,13) K;
			TemporalMap(1,1) R;
			TemporalMap(27,27) X';
			TemporalMap(1,1) S;
			TemporalMap(3,3) C;
		}
	}
	Layer L183 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(67,71) C;
			TemporalMap(3,3) R;
			SpatialMap(256,256) K;
			TemporalMap(26,22) Y';
			TemporalMap(24,24) X';
			TemporalMap(3,3) S;
			Cluster(54,P);
			TemporalMap(16,16) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(17,17) Y';
			TemporalMap(21,21) X';
			SpatialMap(39,32) K;
		}
	}
	Layer L184 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(504,504) C;
			TemporalMap(3,3) S;
			SpatialMap(1,1) Y';
			TemporalMap(512,512) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) R;
		}
	}
	Layer L186 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(112,112) X';
			TemporalMap(1,1) S;
			TemporalMap(105,105) Y';
			SpatialMap(17,17) C;
			TemporalMap(1,1) R;
			TemporalMap(16,16) K;
			Cluster(52,P);
			SpatialMap(7,7) C;
			TemporalMap(42,27) X';
			TemporalMap(14,14) K;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(87,87) Y';
		}
	}
	Layer L187 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(124,124) K;
			TemporalMap(12,12) X';
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) R;
			SpatialMap(169,169) C;
			Cluster(11,P);
			TemporalMap(9,9) X';
			TemporalMap(3,3) R;
			TemporalMap(10,10) C;
			SpatialMap(1,1) Y';
			TemporalMap(61,61) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L188 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			TemporalMap(134,134) M;
			SpatialMap(44,39) N;
			TemporalMap(8,8) K;
			Cluster(48,P);
			SpatialMap(24,24) M;
			TemporalMap(3,3) K;
			TemporalMap(28,28) N;
		}
	}
	Layer L190 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,1) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(54,54) X';
			TemporalMap(40,40) K;
			TemporalMap(13,13) Y';
			Cluster(10,P);
			SpatialMap(2,2) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(38,38) K;
			TemporalMap(22,22) X';
			TemporalMap(3,3) Y';
			Cluster(3,P);
			TemporalMap(10,3) K;
			TemporalMap(3,3) Y';
			TemporalMap(3,3) R;
			TemporalMap(11,11) X';
			TemporalMap(3,3) S;
			SpatialMap(2,2) C;
		}
	}
	Layer L191 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(6,1) X';
			TemporalMap(256,256) K;
			SpatialMap(11,11) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(219,219) C;
			Cluster(37,P);
			TemporalMap(3,3) R;
			SpatialMap(56,56) C;
			TemporalMap(4,4) X';
			TemporalMap(3,3) Y';
			TemporalMap(3,3) S;
			TemporalMap(161,161) K;
			Cluster(2,P);
			SpatialMap(3,3) X';
			TemporalMap(3,3) S;
			TemporalMap(118,56) K;
			TemporalMap(3,3) R;
			TemporalMap(12,12) Y';
			TemporalMap(49,49) C;
		}
	}
	Layer L192 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(31,31) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(110,110) X';
			TemporalMap(35,35) Y';
			Cluster(53,P);
			TemporalMap(3,3) S;
			TemporalMap(106,106) Y';
			TemporalMap(3,3) R;
			TemporalMap(110,12) X';
			SpatialMap(96,45) C;
		}
	}
	Layer L193 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			TemporalMap(5,4) M;
			TemporalMap(412,412) N;
			SpatialMap(414,414) K;
			Cluster(45,P);
			SpatialMap(384,37) N;
			TemporalMap(202,202) K;
			TemporalMap(1,1) M;
		}
	}
}
