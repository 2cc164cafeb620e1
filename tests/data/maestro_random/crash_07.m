Network single {
	Layer L139 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(249,249) K;
			TemporalMap(5,1) X';
			SpatialMap(5,5) Y';
			TemporalMap(3,3) R;
			TemporalMap(435,435) C;
			TemporalMap(3,3) S;
			Cluster(13,P);
			SpatialMap(5,4) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(95,95) K;
			TemporalMap(5,5) X';
			SpatialMap(180,180) C;
			Cluster(27,P);
			TemporalMap(3,3) R;
			SpatialMap(35,29) C;
			TemporalMap(2,2) X';
			TemporalMap(3,3) S;
			TemporalMap(352,223) K;
			TemporalMap(1,1) Y';
		}
	}
}
