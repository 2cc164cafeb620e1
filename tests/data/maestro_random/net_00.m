Network rnd0 {
	Layer L1 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(12,12) Y';
			TemporalMap(4,4) X';
			TemporalMap(3,3) S;
			TemporalMap(183,183) C;
			TemporalMap(504,280) K;
			Cluster(11,P);
			SpatialMap(200,200) K;
			TemporalMap(4,4) X';
			TemporalMap(3,3) R;
			SpatialMap(9,9) Y';
			TemporalMap(255,255) C;
			TemporalMap(3,3) S;
		}
	}
	Layer L3 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(25,2) Y';
			SpatialMap(90,90) C;
			TemporalMap(3,3) S;
			TemporalMap(10,10) K;
			TemporalMap(4,3) X';
			TemporalMap(3,3) R;
			Cluster(8,P);
			SpatialMap(25,25) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) C;
			TemporalMap(10,10) K;
			TemporalMap(3,3) S;
			TemporalMap(26,26) X';
		}
	}
	Layer L4 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(109,109) Y';
			SpatialMap(3,3) C;
			TemporalMap(7,7) S;
			TemporalMap(7,7) R;
			TemporalMap(8,8) X';
			TemporalMap(20,13) K;
			Cluster(36,P);
			TemporalMap(18,10) K;
			TemporalMap(7,7) S;
			TemporalMap(1,1) Y';
			TemporalMap(6,6) X';
			SpatialMap(3,3) C;
			TemporalMap(7,7) R;
		}
	}
	Layer L5 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(38,38) C;
			TemporalMap(3,3) S;
			TemporalMap(2,2) K;
			SpatialMap(50,11) X';
			TemporalMap(3,3) R;
			SpatialMap(10,9) Y';
			Cluster(48,P);
			TemporalMap(38,32) C;
			TemporalMap(3,3) S;
			TemporalMap(17,17) X';
			TemporalMap(9,9) Y';
			TemporalMap(3,3) R;
			SpatialMap(1,1) K;
		}
	}
	Layer L6 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			SpatialMap(3,3) X';
			TemporalMap(218,218) K;
			TemporalMap(3,3) S;
			TemporalMap(1,1) Y';
			TemporalMap(340,340) C;
			TemporalMap(3,3) R;
			Cluster(52,P);
			TemporalMap(1,1) Y';
			TemporalMap(205,205) C;
			SpatialMap(3,2) X';
			TemporalMap(3,3) R;
			TemporalMap(218,218) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L8 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(44,44) Y';
			TemporalMap(1,1) R;
			TemporalMap(8,8) K;
			TemporalMap(27,27) X';
			TemporalMap(1,1) S;
			SpatialMap(4,3) C;
			Cluster(12,P);
			TemporalMap(32,32) Y';
			TemporalMap(1,1) R;
			TemporalMap(6,6) K;
			SpatialMap(4,2) C;
			TemporalMap(23,23) X';
			TemporalMap(1,1) S;
		}
	}
	Layer L9 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(54,54) X';
			TemporalMap(3,3) R;
			TemporalMap(49,49) C;
			TemporalMap(17,17) Y';
			TemporalMap(3,3) S;
			TemporalMap(13,13) K;
			Cluster(14,P);
			TemporalMap(3,3) K;
			TemporalMap(49,49) C;
			TemporalMap(3,3) R;
			SpatialMap(47,46) X';
			TemporalMap(16,8) Y';
			TemporalMap(3,3) S;
		}
	}
	Layer L10 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(28,28) C;
			SpatialMap(81,81) K;
			TemporalMap(3,3) R;
			SpatialMap(17,17) X';
			TemporalMap(3,3) S;
			TemporalMap(27,27) Y';
			Cluster(54,P);
			TemporalMap(6,1) X';
			TemporalMap(3,3) R;
			TemporalMap(23,18) Y';
			TemporalMap(12,12) C;
			SpatialMap(5,2) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L11 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(47,47) X';
			TemporalMap(7,7) C;
			TemporalMap(3,3) S;
			TemporalMap(53,53) K;
			SpatialMap(36,26) Y';
			Cluster(60,P);
			SpatialMap(32,32) C;
			TemporalMap(3,3) S;
			TemporalMap(21,21) Y';
			TemporalMap(3,3) R;
			TemporalMap(45,45) X';
			TemporalMap(48,48) K;
		}
	}
	Layer L12 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			SpatialMap(41,41) X';
			TemporalMap(7,7) S;
			TemporalMap(7,7) R;
			TemporalMap(3,3) C;
			TemporalMap(38,38) K;
			TemporalMap(59,59) Y';
			Cluster(57,P);
			TemporalMap(21,21) K;
			TemporalMap(76,52) X';
			TemporalMap(1,1) C;
			SpatialMap(36,36) Y';
			TemporalMap(7,7) R;
			TemporalMap(7,7) S;
		}
	}
	Layer L13 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(16,16) K;
			TemporalMap(3,3) R;
			SpatialMap(14,14) Y';
			TemporalMap(17,17) X';
			TemporalMap(3,3) S;
			TemporalMap(90,135) C;
			Cluster(32,P);
			TemporalMap(3,3) R;
			TemporalMap(7,7) K;
			TemporalMap(25,25) C;
			TemporalMap(3,3) S;
			TemporalMap(15,15) X';
			SpatialMap(6,6) Y';
			Cluster(2,P);
			TemporalMap(49,49) C;
			SpatialMap(3,3) Y';
			TemporalMap(3,3) R;
			TemporalMap(109,119) K;
			TemporalMap(15,15) X';
			TemporalMap(3,3) S;
		}
	}
	Layer L14 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			SpatialMap(26,26) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(3,3) X';
			TemporalMap(80,68) K;
			TemporalMap(65,65) C;
			Cluster(57,P);
			TemporalMap(78,77) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) X';
			TemporalMap(26,26) Y';
			TemporalMap(3,3) R;
			SpatialMap(42,42) C;
		}
	}
}
