Network single {
	Layer L175 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(2,2) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(1,1) C;
			TemporalMap(61,61) X';
			SpatialMap(222,222) Y';
			Cluster(49,P);
			TemporalMap(3,3) R;
			TemporalMap(1,1) C;
			TemporalMap(3,3) S;
			TemporalMap(54,54) X';
			SpatialMap(2,2) K;
			TemporalMap(222,61) Y';
			Cluster(3,P);
			SpatialMap(1,1) K;
			TemporalMap(1,1) C;
			TemporalMap(185,185) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(55,55) Y';
		}
	}
}
