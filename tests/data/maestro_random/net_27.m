Network rnd27 {
	Layer L351 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(187,98) C;
			TemporalMap(188,188) K;
			TemporalMap(3,3) S;
			TemporalMap(10,10) X';
			SpatialMap(12,12) Y';
			Cluster(27,P);
			SpatialMap(159,159) K;
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
			TemporalMap(146,146) C;
			TemporalMap(3,3) R;
			TemporalMap(12,7) X';
		}
	}
	Layer L352 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(38,11) K;
			TemporalMap(21,21) Y';
			TemporalMap(3,3) X';
			TemporalMap(3,3) R;
			TemporalMap(62,62) C;
			TemporalMap(3,3) S;
			Cluster(56,P);
			TemporalMap(3,3) S;
			TemporalMap(9,3) Y';
			TemporalMap(3,3) R;
			SpatialMap(37,40) K;
			TemporalMap(3,3) X';
			TemporalMap(62,62) C;
		}
	}
	Layer L353 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(83,83) C;
			TemporalMap(3,3) S;
			SpatialMap(9,9) Y';
			TemporalMap(173,173) K;
			TemporalMap(3,3) X';
			TemporalMap(3,3) R;
			Cluster(54,P);
			SpatialMap(14,14) C;
			TemporalMap(9,9) Y';
			TemporalMap(3,3) S;
			TemporalMap(1,1) X';
			TemporalMap(3,3) R;
			TemporalMap(70,70) K;
		}
	}
	Layer L354 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(1,1) R;
			SpatialMap(25,25) X';
			SpatialMap(23,23) K;
			TemporalMap(16,16) C;
			TemporalMap(1,1) S;
			TemporalMap(98,17) Y';
			Cluster(1,P);
			TemporalMap(1,1) S;
			TemporalMap(9,9) K;
			TemporalMap(1,1) R;
			TemporalMap(63,63) Y';
			TemporalMap(43,43) X';
			SpatialMap(13,6) C;
		}
	}
	Layer L355 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(29,15) C;
			TemporalMap(3,3) R;
			SpatialMap(64,64) K;
			TemporalMap(3,3) S;
			TemporalMap(54,54) Y';
			TemporalMap(21,21) X';
			Cluster(25,P);
			TemporalMap(3,3) S;
			TemporalMap(21,21) C;
			SpatialMap(25,25) K;
			TemporalMap(22,24) Y';
			TemporalMap(11,2) X';
			TemporalMap(3,3) R;
		}
	}
	Layer L356 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(2,3) Y';
			TemporalMap(3,3) R;
			TemporalMap(175,175) K;
			SpatialMap(5,4) X';
			TemporalMap(3,3) S;
			TemporalMap(423,423) C;
			Cluster(54,P);
			TemporalMap(44,44) C;
			TemporalMap(175,175) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(2,2) Y';
		}
	}
	Layer L357 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(12,12) C;
			TemporalMap(1,1) S;
			TemporalMap(76,50) X';
			SpatialMap(8,8) K;
			TemporalMap(1,1) R;
			TemporalMap(27,25) Y';
			Cluster(34,P);
			TemporalMap(1,1) R;
			SpatialMap(6,1) C;
			TemporalMap(1,1) S;
			TemporalMap(10,1) Y';
			TemporalMap(16,28) K;
			SpatialMap(76,76) X';
		}
	}
	Layer L359 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(128,95) K;
			TemporalMap(121,121) C;
			SpatialMap(11,11) X';
			TemporalMap(13,13) Y';
			Cluster(49,P);
			TemporalMap(21,21) K;
			TemporalMap(3,3) S;
			TemporalMap(11,11) X';
			TemporalMap(15,15) C;
			TemporalMap(3,3) R;
			SpatialMap(4,4) Y';
		}
	}
	Layer L360 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(101,101) C;
			TemporalMap(3,3) S;
			SpatialMap(8,1) X';
			TemporalMap(12,12) Y';
			TemporalMap(3,3) R;
			TemporalMap(504,504) K;
			Cluster(64,P);
			TemporalMap(504,446) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) Y';
			TemporalMap(3,3) S;
			SpatialMap(160,160) C;
			TemporalMap(2,2) X';
		}
	}
	Layer L361 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(8,8) Y';
			TemporalMap(21,21) X';
			TemporalMap(64,64) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(30,23) K;
			Cluster(19,P);
			TemporalMap(30,30) K;
			TemporalMap(7,7) X';
			TemporalMap(3,3) R;
			SpatialMap(15,15) C;
			TemporalMap(3,3) S;
			TemporalMap(8,8) Y';
		}
	}
	Layer L362 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(12,3) Y';
			TemporalMap(1,1) S;
			TemporalMap(6,6) X';
			SpatialMap(71,32) C;
			TemporalMap(169,169) K;
			TemporalMap(1,1) R;
			Cluster(36,P);
			TemporalMap(2,2) X';
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
			SpatialMap(10,2) Y';
			TemporalMap(109,90) C;
			TemporalMap(169,81) K;
		}
	}
	Layer L364 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(28,28) K;
			TemporalMap(19,19) Y';
			TemporalMap(3,3) R;
			SpatialMap(27,27) C;
			TemporalMap(13,4) X';
			TemporalMap(3,3) S;
			Cluster(5,P);
			TemporalMap(21,7) K;
			TemporalMap(14,14) Y';
			TemporalMap(24,24) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(13,13) X';
		}
	}
}
