Network single {
	Layer L161 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(7,7) X';
			SpatialMap(11,11) Y';
			SpatialMap(103,103) K;
			TemporalMap(3,3) R;
			SpatialMap(133,133) C;
			Cluster(1,P);
			TemporalMap(3,3) R;
			TemporalMap(4,4) X';
			TemporalMap(7,7) Y';
			TemporalMap(93,93) K;
			TemporalMap(3,3) S;
			SpatialMap(47,47) C;
			Cluster(35,P);
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,2) X';
			SpatialMap(12,12) K;
			TemporalMap(2,2) Y';
			TemporalMap(24,24) C;
		}
	}
}
