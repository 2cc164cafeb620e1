Network single {
	Layer L189 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(25,25) X';
			TemporalMap(3,3) R;
			TemporalMap(12,12) C;
			SpatialMap(17,17) K;
			TemporalMap(7,7) Y';
			TemporalMap(3,3) S;
			Cluster(15,P);
			TemporalMap(2,2) K;
			TemporalMap(6,6) C;
			TemporalMap(14,4) X';
			SpatialMap(6,6) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(48,P);
			TemporalMap(3,3) S;
			SpatialMap(6,5) Y';
			TemporalMap(6,6) X';
			TemporalMap(6,6) C;
			TemporalMap(54,54) K;
			TemporalMap(3,3) R;
		}
	}
}
