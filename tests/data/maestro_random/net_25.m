Network rnd25 {
	Layer L323 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(12,12) Y';
			TemporalMap(46,46) K;
			TemporalMap(3,3) S;
			TemporalMap(35,4) C;
			TemporalMap(21,21) X';
			TemporalMap(3,3) R;
			Cluster(40,P);
			TemporalMap(1,1) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(17,17) X';
			SpatialMap(46,46) K;
			TemporalMap(8,8) Y';
		}
	}
	Layer L324 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(1,1) R;
			TemporalMap(6,6) X';
			TemporalMap(1,1) Y';
			TemporalMap(1,1) S;
			TemporalMap(96,96) C;
			SpatialMap(261,261) K;
			Cluster(61,P);
			TemporalMap(1,1) R;
			TemporalMap(1,1) Y';
			TemporalMap(2,2) X';
			SpatialMap(50,46) C;
			TemporalMap(127,127) K;
			TemporalMap(1,1) S;
		}
	}
	Layer L325 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(24,24) Y';
			SpatialMap(138,138) K;
			SpatialMap(101,101) C;
			TemporalMap(26,3) X';
		}
	}
	Layer L326 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(6,6) X';
			TemporalMap(3,3) S;
			TemporalMap(32,32) C;
			TemporalMap(93,93) Y';
		}
	}
	Layer L327 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(2,2) X';
			TemporalMap(3,3) S;
			TemporalMap(3,1) Y';
			TemporalMap(3,3) R;
			SpatialMap(456,456) C;
			TemporalMap(22,22) K;
			Cluster(26,P);
			TemporalMap(2,2) X';
			TemporalMap(3,3) R;
			TemporalMap(229,229) C;
			SpatialMap(1,1) Y';
			TemporalMap(3,3) S;
			TemporalMap(254,14) K;
		}
	}
	Layer L328 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(84,84) C;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(256,256) K;
			TemporalMap(11,11) X';
		}
	}
	Layer L329 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(16,16) K;
			TemporalMap(1,1) R;
			TemporalMap(112,112) Y';
			TemporalMap(45,12) X';
			TemporalMap(1,1) S;
			TemporalMap(16,16) C;
			Cluster(63,P);
			TemporalMap(6,6) K;
			TemporalMap(1,1) S;
			TemporalMap(31,42) X';
			SpatialMap(5,5) C;
			SpatialMap(69,69) Y';
			TemporalMap(1,1) R;
		}
	}
	Layer L330 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(24,24) Y';
			TemporalMap(3,3) S;
			TemporalMap(110,110) X';
			TemporalMap(3,3) R;
			TemporalMap(96,96) C;
			Cluster(37,P);
			SpatialMap(36,36) X';
			TemporalMap(15,15) C;
			TemporalMap(16,16) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(3,P);
			SpatialMap(14,14) Y';
			TemporalMap(3,3) S;
			TemporalMap(20,20) X';
			TemporalMap(3,3) R;
			TemporalMap(12,11) C;
		}
	}
	Layer L331 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(272,75) K;
			TemporalMap(320,320) C;
			TemporalMap(5,4) Y';
			TemporalMap(2,2) X';
			TemporalMap(3,3) S;
			Cluster(29,P);
			TemporalMap(320,320) C;
			TemporalMap(3,3) S;
			TemporalMap(272,272) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) R;
			SpatialMap(2,2) Y';
		}
	}
	Layer L332 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(64,64) C;
			TemporalMap(3,3) R;
			TemporalMap(13,6) Y';
			TemporalMap(6,6) X';
			TemporalMap(3,3) S;
			SpatialMap(8,8) K;
			Cluster(25,P);
			TemporalMap(3,3) S;
			SpatialMap(2,2) K;
			TemporalMap(7,2) Y';
			TemporalMap(1,1) X';
			TemporalMap(25,25) C;
			TemporalMap(3,3) R;
		}
	}
	Layer L333 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(64,45) C;
			TemporalMap(39,39) X';
			TemporalMap(3,3) S;
			SpatialMap(37,32) Y';
			TemporalMap(55,55) K;
			TemporalMap(3,3) R;
			Cluster(49,P);
			TemporalMap(23,22) C;
			SpatialMap(13,13) K;
			TemporalMap(29,29) X';
			TemporalMap(27,27) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
		}
	}
	Layer L334 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(9,6) C;
			TemporalMap(1,1) S;
			SpatialMap(40,40) K;
			TemporalMap(22,22) X';
			TemporalMap(1,1) R;
			TemporalMap(3,3) Y';
			Cluster(23,P);
			TemporalMap(6,6) K;
			TemporalMap(22,22) X';
			TemporalMap(1,1) R;
			SpatialMap(1,1) C;
			TemporalMap(1,1) S;
			TemporalMap(3,2) Y';
		}
	}
}
