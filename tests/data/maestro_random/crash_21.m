Network single {
	Layer L286 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(451,451) C;
			TemporalMap(2,2) Y';
			SpatialMap(4,1) X';
			TemporalMap(3,3) S;
			TemporalMap(302,302) K;
			TemporalMap(3,3) R;
			Cluster(37,P);
			TemporalMap(3,3) R;
			TemporalMap(281,255) C;
			SpatialMap(207,207) K;
			TemporalMap(3,3) Y';
			TemporalMap(3,3) S;
			TemporalMap(2,2) X';
		}
	}
}
