Network single {
	Layer L276 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(30,30) K;
			TemporalMap(6,6) Y';
			TemporalMap(3,3) R;
			TemporalMap(25,25) X';
			TemporalMap(42,42) C;
			TemporalMap(3,3) S;
			Cluster(39,P);
			SpatialMap(6,6) X';
			SpatialMap(2,2) Y';
			SpatialMap(3,3) K;
			TemporalMap(3,3) R;
			TemporalMap(2,2) C;
			TemporalMap(3,3) S;
			Cluster(19,P);
			TemporalMap(31,31) X';
			TemporalMap(3,3) S;
			TemporalMap(1,1) C;
			TemporalMap(3,3) R;
			TemporalMap(2,2) Y';
			SpatialMap(1,1) K;
		}
	}
}
