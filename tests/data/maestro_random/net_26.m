Network rnd26 {
	Layer L335 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(5,5) X';
			TemporalMap(290,290) K;
			TemporalMap(4,2) Y';
			TemporalMap(414,414) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(54,P);
			TemporalMap(512,512) C;
			SpatialMap(3,3) X';
			TemporalMap(3,3) R;
			TemporalMap(2,2) Y';
			TemporalMap(3,3) S;
			TemporalMap(290,290) K;
		}
	}
	Layer L336 {
		Type: DSCONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(55,55) X';
			TemporalMap(3,3) S;
			SpatialMap(44,44) Y';
			TemporalMap(63,63) C;
			Cluster(3,P);
			TemporalMap(20,20) Y';
			TemporalMap(3,3) S;
			SpatialMap(6,6) C;
			TemporalMap(3,3) R;
			TemporalMap(49,15) X';
		}
	}
	Layer L337 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			SpatialMap(23,23) Y';
			TemporalMap(58,30) K;
			TemporalMap(10,8) C;
			TemporalMap(3,3) R;
			TemporalMap(43,43) X';
			Cluster(57,P);
			TemporalMap(1,1) Y';
			TemporalMap(7,4) K;
			SpatialMap(15,15) X';
			TemporalMap(3,3) R;
			TemporalMap(52,52) C;
			TemporalMap(3,3) S;
		}
	}
	Layer L338 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(72,72) K;
			TemporalMap(17,17) Y';
			TemporalMap(3,3) R;
			TemporalMap(86,86) C;
			SpatialMap(23,23) X';
			TemporalMap(3,3) S;
			Cluster(9,P);
			TemporalMap(10,5) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(8,5) C;
			SpatialMap(12,12) X';
			TemporalMap(14,14) Y';
		}
	}
	Layer L339 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(1,1) R;
			TemporalMap(9,9) X';
			SpatialMap(13,13) Y';
			TemporalMap(1,1) S;
			TemporalMap(256,256) C;
			TemporalMap(369,369) K;
			Cluster(15,P);
			TemporalMap(216,216) C;
			TemporalMap(13,1) Y';
			TemporalMap(221,221) K;
			TemporalMap(1,1) S;
			SpatialMap(6,6) X';
			TemporalMap(1,1) R;
		}
	}
	Layer L340 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(51,51) C;
			TemporalMap(3,3) S;
			TemporalMap(100,100) Y';
			SpatialMap(106,20) X';
			TemporalMap(3,3) R;
			Cluster(43,P);
			TemporalMap(3,3) S;
			TemporalMap(32,32) C;
			TemporalMap(3,3) R;
			TemporalMap(89,89) Y';
			SpatialMap(12,12) X';
		}
	}
	Layer L341 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(125,72) C;
			TemporalMap(3,3) R;
			SpatialMap(7,7) Y';
			TemporalMap(3,3) S;
			TemporalMap(13,13) X';
			TemporalMap(2,2) K;
			Cluster(5,P);
			TemporalMap(3,3) S;
			SpatialMap(7,7) Y';
			SpatialMap(19,19) C;
			TemporalMap(3,3) R;
			TemporalMap(7,7) X';
			TemporalMap(2,2) K;
		}
	}
	Layer L344 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(40,40) K;
			TemporalMap(3,3) R;
			SpatialMap(64,64) C;
			TemporalMap(38,38) X';
			TemporalMap(3,3) S;
			TemporalMap(42,42) Y';
			Cluster(47,P);
			SpatialMap(12,12) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(55,55) C;
			TemporalMap(25,25) X';
			TemporalMap(9,9) Y';
		}
	}
	Layer L346 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(123,123) K;
			SpatialMap(1,1) C;
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) R;
			TemporalMap(54,30) X';
			Cluster(32,P);
			TemporalMap(3,3) R;
			SpatialMap(19,1) X';
			TemporalMap(38,38) K;
			SpatialMap(1,1) Y';
			TemporalMap(42,42) C;
			TemporalMap(3,3) S;
		}
	}
	Layer L347 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(11,11) Y';
			TemporalMap(3,3) X';
			TemporalMap(217,147) K;
			TemporalMap(69,69) C;
			Cluster(47,P);
			TemporalMap(10,10) X';
			SpatialMap(8,16) Y';
			TemporalMap(3,3) S;
			TemporalMap(64,64) C;
			TemporalMap(238,238) K;
			TemporalMap(3,3) R;
		}
	}
	Layer L348 {
		Type: GEMM
		Dimensions { M: 64, N: 512, K: 512 }
		Dataflow {
			TemporalMap(49,49) M;
			TemporalMap(258,258) K;
			SpatialMap(360,360) N;
			Cluster(28,P);
			SpatialMap(49,37) M;
			TemporalMap(321,334) N;
			SpatialMap(244,184) K;
		}
	}
	Layer L350 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(56,56) X';
			TemporalMap(1,1) R;
			TemporalMap(5,5) C;
			TemporalMap(56,56) Y';
			TemporalMap(1,1) S;
			SpatialMap(75,75) K;
			Cluster(16,P);
			TemporalMap(14,14) C;
			TemporalMap(75,75) K;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(23,23) Y';
			SpatialMap(5,5) X';
			Cluster(2,P);
			TemporalMap(5,5) X';
			TemporalMap(1,1) S;
			TemporalMap(35,35) Y';
			TemporalMap(2,2) C;
			SpatialMap(46,11) K;
			TemporalMap(1,1) R;
		}
	}
}
