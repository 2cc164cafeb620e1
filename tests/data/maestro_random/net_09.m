Network rnd9 {
	Layer L113 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			SpatialMap(98,98) N;
			TemporalMap(75,75) K;
			TemporalMap(48,48) M;
			Cluster(17,P);
			SpatialMap(4,4) M;
			TemporalMap(71,71) K;
			TemporalMap(272,272) N;
		}
	}
	Layer L115 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(6,6) Y';
			TemporalMap(26,26) X';
			SpatialMap(126,126) C;
			TemporalMap(3,3) R;
			TemporalMap(54,54) K;
			TemporalMap(3,3) S;
			Cluster(47,P);
			TemporalMap(6,6) Y';
			TemporalMap(5,5) K;
			TemporalMap(11,3) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(23,9) C;
		}
	}
	Layer L116 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(19,19) K;
			TemporalMap(3,3) S;
			TemporalMap(2,2) C;
			TemporalMap(3,3) R;
			SpatialMap(70,54) X';
			TemporalMap(17,17) Y';
		}
	}
	Layer L117 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(27,27) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(79,73) Y';
			TemporalMap(110,110) X';
			Cluster(13,P);
			TemporalMap(15,3) X';
			TemporalMap(14,14) C;
			TemporalMap(3,3) R;
			SpatialMap(72,72) Y';
			TemporalMap(3,3) S;
		}
	}
	Layer L118 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(190,190) C;
			TemporalMap(6,6) Y';
			SpatialMap(12,9) X';
			TemporalMap(3,3) S;
			TemporalMap(23,23) K;
			Cluster(47,P);
			TemporalMap(3,3) R;
			TemporalMap(174,174) C;
			SpatialMap(6,6) K;
			TemporalMap(3,3) S;
			TemporalMap(11,11) Y';
			TemporalMap(10,10) X';
		}
	}
	Layer L119 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(37,37) C;
			TemporalMap(50,50) X';
			TemporalMap(64,64) K;
			SpatialMap(35,35) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(52,P);
			TemporalMap(3,3) R;
			TemporalMap(4,4) C;
			TemporalMap(37,37) K;
			TemporalMap(3,3) S;
			SpatialMap(35,9) Y';
			TemporalMap(50,50) X';
		}
	}
	Layer L120 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(145,145) C;
			TemporalMap(4,4) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(1,1) X';
			SpatialMap(2,2) K;
		}
	}
	Layer L121 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(59,59) C;
			TemporalMap(3,3) R;
			TemporalMap(62,62) K;
			SpatialMap(51,37) X';
			TemporalMap(17,17) Y';
			Cluster(27,P);
			TemporalMap(32,32) X';
			TemporalMap(4,4) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(40,40) K;
			SpatialMap(46,46) C;
		}
	}
	Layer L123 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(348,348) K;
			TemporalMap(7,7) Y';
			TemporalMap(1,1) S;
			TemporalMap(4,4) X';
			TemporalMap(1,1) R;
			TemporalMap(103,103) C;
			Cluster(29,P);
			SpatialMap(338,338) K;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(4,3) X';
			TemporalMap(7,4) Y';
			TemporalMap(26,26) C;
		}
	}
	Layer L124 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			SpatialMap(235,235) M;
			SpatialMap(768,661) N;
			TemporalMap(74,25) K;
			Cluster(2,P);
			SpatialMap(6,1) N;
			TemporalMap(69,69) K;
			TemporalMap(141,218) M;
		}
	}
	Layer L125 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			TemporalMap(85,85) M;
			SpatialMap(128,128) N;
			TemporalMap(64,64) K;
			Cluster(2,P);
			TemporalMap(40,40) M;
			SpatialMap(67,67) N;
			TemporalMap(29,29) K;
		}
	}
	Layer L126 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(113,113) K;
			TemporalMap(213,213) C;
			TemporalMap(13,13) Y';
			SpatialMap(11,11) X';
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			Cluster(29,P);
			TemporalMap(180,180) K;
			TemporalMap(1,1) S;
			SpatialMap(9,9) X';
			TemporalMap(14,14) Y';
			TemporalMap(74,74) C;
			TemporalMap(1,1) R;
			Cluster(1,P);
			TemporalMap(1,1) Y';
			TemporalMap(74,18) C;
			TemporalMap(1,1) R;
			TemporalMap(2,2) X';
			SpatialMap(180,180) K;
			TemporalMap(1,1) S;
		}
	}
}
