Network rnd5 {
	Layer L64 {
		Type: DSCONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(31,21) C;
			TemporalMap(3,3) S;
			SpatialMap(11,11) X';
			TemporalMap(3,3) R;
			TemporalMap(55,55) Y';
			Cluster(43,P);
			TemporalMap(3,3) R;
			TemporalMap(6,6) X';
			TemporalMap(3,3) S;
			TemporalMap(55,45) Y';
			SpatialMap(6,6) C;
		}
	}
	Layer L65 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 1, S: 1, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(24,24) X';
			TemporalMap(9,9) Y';
			SpatialMap(225,225) K;
			TemporalMap(1,1) S;
			TemporalMap(95,95) C;
			TemporalMap(1,1) R;
			Cluster(12,P);
			TemporalMap(4,3) X';
			SpatialMap(40,40) K;
			TemporalMap(29,29) C;
			TemporalMap(3,3) Y';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
		}
	}
	Layer L66 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			SpatialMap(64,64) M;
			TemporalMap(455,455) K;
			TemporalMap(308,47) N;
		}
	}
	Layer L67 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(326,326) C;
			TemporalMap(3,3) S;
			TemporalMap(512,512) K;
			TemporalMap(3,3) Y';
			TemporalMap(3,3) R;
			SpatialMap(2,2) X';
			Cluster(8,P);
			TemporalMap(2,2) X';
			TemporalMap(3,3) R;
			SpatialMap(184,111) C;
			SpatialMap(3,3) Y';
			TemporalMap(341,341) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L68 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(60,60) Y';
			TemporalMap(1,1) R;
			TemporalMap(16,9) C;
			TemporalMap(1,1) S;
			SpatialMap(112,112) X';
			TemporalMap(42,42) K;
			Cluster(38,P);
			TemporalMap(24,22) K;
			TemporalMap(23,22) Y';
			TemporalMap(4,4) X';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			SpatialMap(16,16) C;
		}
	}
	Layer L69 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(22,10) Y';
			SpatialMap(17,2) X';
			TemporalMap(3,3) S;
			TemporalMap(25,6) C;
			SpatialMap(51,51) K;
			TemporalMap(3,3) R;
			Cluster(31,P);
			TemporalMap(12,12) C;
			TemporalMap(3,3) R;
			SpatialMap(13,13) X';
			TemporalMap(22,13) K;
			TemporalMap(7,7) Y';
			TemporalMap(3,3) S;
		}
	}
	Layer L70 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(242,242) N;
			TemporalMap(138,138) K;
			SpatialMap(313,233) M;
			Cluster(44,P);
			TemporalMap(40,40) N;
			TemporalMap(111,111) K;
			SpatialMap(239,239) M;
			Cluster(1,P);
			TemporalMap(65,65) K;
			TemporalMap(24,15) N;
			SpatialMap(207,191) M;
		}
	}
	Layer L71 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(44,44) C;
			TemporalMap(3,3) S;
			TemporalMap(4,4) K;
			TemporalMap(3,3) R;
			TemporalMap(47,47) X';
			SpatialMap(21,21) Y';
			Cluster(40,P);
			TemporalMap(17,17) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(44,22) C;
			TemporalMap(1,1) K;
			SpatialMap(47,41) X';
		}
	}
	Layer L72 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(5,5) Y';
			TemporalMap(3,3) S;
			SpatialMap(3,3) X';
			TemporalMap(3,3) R;
			TemporalMap(512,512) C;
			TemporalMap(325,325) K;
			Cluster(28,P);
			SpatialMap(1,1) X';
			TemporalMap(132,132) K;
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) R;
			TemporalMap(185,185) C;
		}
	}
	Layer L73 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(3,3) C;
			TemporalMap(3,3) R;
			TemporalMap(36,36) Y';
			SpatialMap(77,77) X';
			TemporalMap(22,22) K;
			TemporalMap(3,3) S;
			Cluster(28,P);
			TemporalMap(5,5) K;
			TemporalMap(165,116) X';
			TemporalMap(3,3) S;
			SpatialMap(3,3) C;
			TemporalMap(222,222) Y';
			TemporalMap(3,3) R;
		}
	}
	Layer L74 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(117,117) C;
			TemporalMap(3,3) R;
			TemporalMap(11,5) Y';
			TemporalMap(3,3) S;
			SpatialMap(38,38) K;
			TemporalMap(12,12) X';
		}
	}
	Layer L75 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			SpatialMap(768,768) K;
			TemporalMap(66,66) N;
			TemporalMap(378,98) M;
		}
	}
}
