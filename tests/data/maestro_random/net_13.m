Network rnd13 {
	Layer L166 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(96,96) K;
			SpatialMap(89,89) M;
			TemporalMap(83,83) N;
			Cluster(61,P);
			SpatialMap(96,18) K;
			TemporalMap(51,4) N;
			TemporalMap(41,41) M;
		}
	}
	Layer L167 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(8,8) Y';
			TemporalMap(53,53) C;
			TemporalMap(39,39) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(64,64) K;
			Cluster(50,P);
			TemporalMap(41,41) C;
			SpatialMap(19,19) K;
			TemporalMap(12,12) X';
			TemporalMap(3,3) S;
			TemporalMap(48,48) Y';
			TemporalMap(3,3) R;
		}
	}
	Layer L168 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(48,38) K;
			TemporalMap(70,70) M;
			SpatialMap(52,52) N;
			Cluster(38,P);
			TemporalMap(29,29) K;
			SpatialMap(38,52) N;
			TemporalMap(20,20) M;
		}
	}
	Layer L169 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(119,119) C;
			TemporalMap(5,4) X';
			TemporalMap(3,3) R;
			SpatialMap(4,4) Y';
			TemporalMap(161,161) K;
			TemporalMap(3,3) S;
			Cluster(64,P);
			TemporalMap(2,2) X';
			SpatialMap(5,5) C;
			TemporalMap(3,3) S;
			TemporalMap(2,1) K;
			TemporalMap(11,15) Y';
			TemporalMap(3,3) R;
			Cluster(1,P);
			TemporalMap(10,10) Y';
			TemporalMap(2,2) X';
			TemporalMap(4,4) C;
			SpatialMap(35,35) K;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
		}
	}
	Layer L170 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(37,28) K;
			TemporalMap(3,3) S;
			SpatialMap(54,54) Y';
			TemporalMap(38,38) X';
			TemporalMap(3,3) R;
			TemporalMap(48,48) C;
			Cluster(4,P);
			TemporalMap(3,3) R;
			TemporalMap(28,28) K;
			TemporalMap(30,8) Y';
			TemporalMap(3,3) S;
			TemporalMap(16,16) X';
			SpatialMap(4,4) C;
		}
	}
	Layer L171 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) X';
			SpatialMap(206,206) K;
			TemporalMap(383,383) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(3,2) Y';
			Cluster(33,P);
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(155,26) K;
			TemporalMap(1,1) Y';
			SpatialMap(2,2) X';
			TemporalMap(261,261) C;
		}
	}
	Layer L172 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(310,310) K;
			TemporalMap(1,1) X';
			TemporalMap(3,3) R;
			SpatialMap(262,262) C;
			TemporalMap(4,4) Y';
			TemporalMap(3,3) S;
			Cluster(62,P);
			TemporalMap(1,1) X';
			TemporalMap(512,512) K;
			SpatialMap(2,2) Y';
			TemporalMap(12,12) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
		}
	}
	Layer L174 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(222,222) Y';
			TemporalMap(222,119) X';
			SpatialMap(3,1) C;
			TemporalMap(3,3) S;
			TemporalMap(7,7) K;
			TemporalMap(3,3) R;
		}
	}
	Layer L176 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			TemporalMap(50,50) N;
			SpatialMap(78,19) M;
			TemporalMap(79,79) K;
			Cluster(35,P);
			TemporalMap(32,32) N;
			TemporalMap(67,67) K;
			SpatialMap(67,16) M;
		}
	}
	Layer L177 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(96,96) C;
			SpatialMap(34,34) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(73,73) X';
		}
	}
	Layer L178 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(8,2) X';
			SpatialMap(89,89) C;
			TemporalMap(1,1) Y';
			TemporalMap(3,3) S;
			TemporalMap(22,22) K;
			TemporalMap(3,3) R;
			Cluster(8,P);
			TemporalMap(1,1) Y';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(82,82) C;
			TemporalMap(2,2) X';
			TemporalMap(8,8) K;
		}
	}
	Layer L179 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(18,18) C;
			TemporalMap(1,1) R;
			TemporalMap(10,10) X';
			TemporalMap(96,96) K;
			TemporalMap(1,1) S;
			SpatialMap(56,56) Y';
		}
	}
}
