Network rnd23 {
	Layer L298 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(36,36) Y';
			TemporalMap(1,1) C;
			SpatialMap(15,15) K;
			TemporalMap(3,3) R;
			TemporalMap(76,12) X';
			TemporalMap(3,3) S;
		}
	}
	Layer L299 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			SpatialMap(365,365) K;
			TemporalMap(82,82) N;
			TemporalMap(510,510) M;
			Cluster(31,P);
			SpatialMap(353,353) K;
			TemporalMap(75,75) N;
			SpatialMap(62,52) M;
		}
	}
	Layer L300 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(31,20) Y';
			TemporalMap(1,1) R;
			TemporalMap(34,34) C;
			SpatialMap(17,14) X';
			TemporalMap(1,1) S;
			TemporalMap(128,60) K;
			Cluster(32,P);
			TemporalMap(1,1) R;
			SpatialMap(97,97) K;
			TemporalMap(42,42) Y';
			TemporalMap(5,4) C;
			TemporalMap(1,1) S;
			TemporalMap(11,11) X';
		}
	}
	Layer L301 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(7,7) S;
			TemporalMap(57,45) K;
			TemporalMap(7,7) R;
			TemporalMap(3,3) C;
			SpatialMap(198,198) Y';
			TemporalMap(156,156) X';
			Cluster(39,P);
			TemporalMap(1,1) C;
			TemporalMap(7,7) S;
			TemporalMap(151,151) Y';
			TemporalMap(7,7) R;
			SpatialMap(4,3) K;
			TemporalMap(108,108) X';
		}
	}
	Layer L303 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(26,13) Y';
			TemporalMap(98,98) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(101,7) C;
			SpatialMap(13,13) X';
			Cluster(19,P);
			TemporalMap(10,10) Y';
			TemporalMap(3,3) R;
			SpatialMap(7,1) X';
			TemporalMap(93,93) K;
			TemporalMap(39,39) C;
			TemporalMap(3,3) S;
		}
	}
	Layer L304 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			SpatialMap(1,1) X';
			TemporalMap(48,48) C;
			TemporalMap(512,444) K;
			TemporalMap(1,1) R;
			TemporalMap(2,2) Y';
			TemporalMap(1,1) S;
			Cluster(62,P);
			TemporalMap(256,256) C;
			TemporalMap(1,1) S;
			SpatialMap(1,1) Y';
			TemporalMap(1,1) R;
			TemporalMap(1,1) X';
			TemporalMap(107,42) K;
		}
	}
	Layer L305 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(512,512) C;
			TemporalMap(2,4) Y';
			TemporalMap(1,1) K;
			SpatialMap(5,5) X';
		}
	}
	Layer L306 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(134,134) C;
			TemporalMap(3,3) S;
			TemporalMap(366,244) K;
			TemporalMap(8,8) Y';
			SpatialMap(9,9) X';
			Cluster(6,P);
			TemporalMap(3,3) X';
			TemporalMap(3,3) Y';
			TemporalMap(3,3) R;
			SpatialMap(102,102) K;
			TemporalMap(3,3) S;
			TemporalMap(256,256) C;
		}
	}
	Layer L307 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			SpatialMap(47,47) X';
			TemporalMap(64,64) K;
			TemporalMap(7,7) R;
			TemporalMap(3,3) C;
			TemporalMap(166,166) Y';
			TemporalMap(7,7) S;
		}
	}
	Layer L308 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(87,87) X';
			TemporalMap(16,16) C;
			TemporalMap(1,1) S;
			TemporalMap(108,55) Y';
			TemporalMap(1,1) R;
			TemporalMap(48,48) K;
			Cluster(28,P);
			SpatialMap(49,49) X';
			TemporalMap(1,1) S;
			TemporalMap(21,21) Y';
			TemporalMap(1,1) R;
			TemporalMap(39,39) K;
			TemporalMap(2,2) C;
			Cluster(1,P);
			TemporalMap(2,2) C;
			TemporalMap(112,112) Y';
			SpatialMap(3,3) K;
			TemporalMap(38,34) X';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
		}
	}
	Layer L309 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(1,1) S;
			SpatialMap(101,26) K;
			TemporalMap(28,28) Y';
			TemporalMap(21,21) C;
			TemporalMap(1,1) R;
			TemporalMap(51,36) X';
			Cluster(46,P);
			TemporalMap(51,51) X';
			TemporalMap(52,52) K;
			SpatialMap(2,2) C;
			TemporalMap(18,18) Y';
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
		}
	}
	Layer L310 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(7,4) Y';
			TemporalMap(65,65) K;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			SpatialMap(88,88) C;
			TemporalMap(7,7) X';
			Cluster(25,P);
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			SpatialMap(59,59) K;
			TemporalMap(7,7) X';
			TemporalMap(88,134) C;
			TemporalMap(3,3) Y';
		}
	}
}
