Network single {
	Layer L185 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(384,384) C;
			TemporalMap(5,1) X';
			TemporalMap(84,84) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) Y';
			Cluster(55,P);
			SpatialMap(1,1) X';
			TemporalMap(25,6) C;
			TemporalMap(3,3) R;
			TemporalMap(144,144) K;
			TemporalMap(5,5) Y';
			TemporalMap(3,3) S;
		}
	}
}
