Network single {
	Layer L2 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(97,97) Y';
			TemporalMap(3,3) S;
			SpatialMap(14,14) C;
			TemporalMap(109,109) X';
			TemporalMap(3,3) R;
			Cluster(40,P);
			SpatialMap(54,54) Y';
			TemporalMap(68,13) X';
			TemporalMap(30,30) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(6,P);
			TemporalMap(37,37) Y';
			TemporalMap(3,3) R;
			SpatialMap(28,28) X';
			TemporalMap(3,3) S;
			TemporalMap(26,6) C;
		}
	}
}
