Network rnd24 {
	Layer L311 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(128,128) K;
			TemporalMap(4,4) X';
			TemporalMap(3,3) R;
			TemporalMap(2,1) Y';
			TemporalMap(3,3) S;
			SpatialMap(211,211) C;
			Cluster(61,P);
			SpatialMap(1,1) Y';
			TemporalMap(3,3) R;
			TemporalMap(38,38) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) S;
			TemporalMap(19,19) C;
		}
	}
	Layer L312 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 24, C: 96, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(23,23) K;
			TemporalMap(1,1) R;
			TemporalMap(7,7) Y';
			TemporalMap(12,12) X';
			TemporalMap(1,1) S;
			SpatialMap(46,46) C;
			Cluster(25,P);
			SpatialMap(46,46) C;
			TemporalMap(6,6) K;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(4,4) X';
			TemporalMap(5,7) Y';
		}
	}
	Layer L313 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(12,12) X';
			TemporalMap(61,61) C;
			TemporalMap(3,3) R;
			SpatialMap(98,98) K;
			TemporalMap(3,3) S;
			TemporalMap(4,4) Y';
			Cluster(47,P);
			TemporalMap(3,3) S;
			TemporalMap(8,8) X';
			SpatialMap(4,4) C;
			TemporalMap(130,106) K;
			TemporalMap(4,4) Y';
			TemporalMap(3,3) R;
		}
	}
	Layer L314 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(61,61) Y';
			SpatialMap(36,17) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(32,32) C;
		}
	}
	Layer L315 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(26,26) Y';
			SpatialMap(11,11) X';
			TemporalMap(120,120) C;
			TemporalMap(192,192) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(8,P);
			TemporalMap(3,3) R;
			SpatialMap(52,52) C;
			TemporalMap(26,26) Y';
			TemporalMap(64,64) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) X';
		}
	}
	Layer L316 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(10,10) Y';
			SpatialMap(64,3) K;
			TemporalMap(18,6) C;
			TemporalMap(19,19) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(56,P);
			SpatialMap(19,19) X';
			TemporalMap(54,31) Y';
			TemporalMap(3,3) S;
			TemporalMap(5,5) C;
			TemporalMap(33,27) K;
			TemporalMap(3,3) R;
		}
	}
	Layer L317 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(90,90) K;
			TemporalMap(11,11) Y';
			TemporalMap(3,3) S;
			SpatialMap(74,6) C;
			TemporalMap(12,9) X';
			TemporalMap(3,3) R;
			Cluster(15,P);
			TemporalMap(3,3) S;
			TemporalMap(90,90) K;
			TemporalMap(12,12) Y';
			TemporalMap(6,6) C;
			TemporalMap(3,3) R;
			SpatialMap(3,3) X';
		}
	}
	Layer L318 {
		Type: GEMM
		Dimensions { M: 256, N: 128, K: 64 }
		Dataflow {
			SpatialMap(58,58) K;
			TemporalMap(67,67) N;
			TemporalMap(111,111) M;
			Cluster(43,P);
			TemporalMap(20,20) K;
			SpatialMap(101,77) M;
			TemporalMap(95,95) N;
			Cluster(1,P);
			SpatialMap(18,18) K;
			TemporalMap(6,6) M;
			TemporalMap(30,30) N;
		}
	}
	Layer L319 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(166,124) K;
			TemporalMap(14,14) Y';
			SpatialMap(173,173) C;
			TemporalMap(11,11) X';
			Cluster(19,P);
			TemporalMap(1,1) S;
			TemporalMap(160,160) K;
			TemporalMap(191,191) C;
			TemporalMap(1,1) R;
			TemporalMap(3,2) X';
			SpatialMap(4,4) Y';
			Cluster(2,P);
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			SpatialMap(1,1) Y';
			TemporalMap(1,1) X';
			TemporalMap(89,64) C;
			TemporalMap(54,54) K;
		}
	}
	Layer L320 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(64,64) K;
			TemporalMap(46,46) C;
			TemporalMap(52,4) Y';
			SpatialMap(45,29) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(47,P);
			TemporalMap(3,3) R;
			TemporalMap(3,3) X';
			TemporalMap(3,3) S;
			TemporalMap(44,44) C;
			SpatialMap(3,1) Y';
			TemporalMap(64,64) K;
		}
	}
	Layer L321 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			TemporalMap(64,64) M;
			TemporalMap(4,4) N;
			SpatialMap(304,228) K;
			Cluster(12,P);
			TemporalMap(64,64) M;
			TemporalMap(49,10) K;
			SpatialMap(4,4) N;
		}
	}
	Layer L322 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(18,18) Y';
			TemporalMap(38,35) K;
			TemporalMap(2,2) X';
			TemporalMap(3,3) R;
			TemporalMap(38,68) C;
			TemporalMap(3,3) S;
			Cluster(15,P);
			SpatialMap(128,128) K;
			TemporalMap(27,27) C;
			TemporalMap(3,3) R;
			TemporalMap(1,1) X';
			TemporalMap(3,3) S;
			TemporalMap(26,26) Y';
		}
	}
}
