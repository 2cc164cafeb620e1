Network rnd7 {
	Layer L88 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(512,512) K;
			TemporalMap(3,3) R;
			TemporalMap(460,460) C;
			TemporalMap(3,3) S;
			SpatialMap(3,2) X';
			TemporalMap(3,3) Y';
			Cluster(47,P);
			TemporalMap(156,156) K;
			TemporalMap(3,3) S;
			TemporalMap(456,155) C;
			TemporalMap(3,3) X';
			SpatialMap(3,3) Y';
			TemporalMap(3,3) R;
		}
	}
	Layer L89 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(110,110) Y';
			SpatialMap(24,24) C;
			TemporalMap(3,3) S;
			TemporalMap(86,86) X';
			Cluster(55,P);
			TemporalMap(12,12) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(45,42) X';
			SpatialMap(31,31) Y';
		}
	}
	Layer L90 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			SpatialMap(26,26) K;
			TemporalMap(448,30) N;
			TemporalMap(224,131) M;
		}
	}
	Layer L91 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) X';
			TemporalMap(3,3) R;
			TemporalMap(81,81) K;
			SpatialMap(12,12) Y';
			TemporalMap(131,131) C;
			TemporalMap(3,3) S;
			Cluster(14,P);
			TemporalMap(43,43) C;
			TemporalMap(12,12) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(1,1) X';
			TemporalMap(8,8) K;
		}
	}
	Layer L92 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			TemporalMap(75,4) N;
			SpatialMap(13,11) K;
			TemporalMap(124,124) M;
			Cluster(1,P);
			TemporalMap(35,36) N;
			TemporalMap(64,64) K;
			SpatialMap(113,113) M;
		}
	}
	Layer L93 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(7,7) S;
			TemporalMap(90,90) Y';
			TemporalMap(7,7) R;
			TemporalMap(1,1) C;
			TemporalMap(55,55) K;
			SpatialMap(174,174) X';
			Cluster(21,P);
			TemporalMap(7,7) R;
			SpatialMap(39,39) X';
			TemporalMap(40,40) K;
			TemporalMap(28,28) Y';
			TemporalMap(1,1) C;
			TemporalMap(7,7) S;
			Cluster(2,P);
			SpatialMap(11,5) Y';
			TemporalMap(7,7) S;
			TemporalMap(13,13) K;
			TemporalMap(2,3) C;
			TemporalMap(7,7) R;
			TemporalMap(22,22) X';
		}
	}
	Layer L94 {
		Type: DSCONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(55,55) X';
			TemporalMap(18,18) Y';
			TemporalMap(88,88) C;
			Cluster(46,P);
			TemporalMap(3,3) S;
			TemporalMap(41,41) C;
			TemporalMap(3,3) R;
			SpatialMap(16,16) Y';
			TemporalMap(21,19) X';
		}
	}
	Layer L95 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(82,27) X';
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(4,5) K;
			SpatialMap(83,83) Y';
			TemporalMap(32,32) C;
		}
	}
	Layer L96 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(10,10) Y';
			SpatialMap(22,20) K;
			TemporalMap(26,26) C;
			TemporalMap(15,15) X';
		}
	}
	Layer L97 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(93,73) X';
			TemporalMap(108,108) Y';
			TemporalMap(32,32) C;
			Cluster(63,P);
			TemporalMap(51,24) X';
			TemporalMap(32,1) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(26,26) Y';
		}
	}
	Layer L98 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(14,14) X';
			TemporalMap(86,14) Y';
			SpatialMap(17,10) K;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			TemporalMap(16,16) C;
		}
	}
	Layer L99 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(256,256) C;
			TemporalMap(5,5) X';
			TemporalMap(3,3) S;
			SpatialMap(6,6) Y';
			TemporalMap(3,3) R;
			TemporalMap(33,33) K;
		}
	}
}
