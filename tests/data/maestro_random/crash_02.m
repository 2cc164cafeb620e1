Network single {
	Layer L7 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(2,2) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(428,428) K;
			TemporalMap(278,278) C;
			TemporalMap(4,4) Y';
			Cluster(63,P);
			TemporalMap(3,3) S;
			TemporalMap(247,247) C;
			SpatialMap(4,4) Y';
			TemporalMap(306,306) K;
			TemporalMap(2,2) X';
			TemporalMap(3,3) R;
			Cluster(3,P);
			SpatialMap(512,512) C;
			TemporalMap(130,70) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(2,2) X';
			TemporalMap(2,2) Y';
		}
	}
}
