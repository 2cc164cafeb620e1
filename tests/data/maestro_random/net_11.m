Network rnd11 {
	Layer L140 {
		Type: DSCONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 1, C: 96, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(97,46) X';
			TemporalMap(101,101) Y';
			SpatialMap(48,35) C;
			Cluster(44,P);
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(97,97) X';
			TemporalMap(26,9) Y';
			SpatialMap(30,30) C;
		}
	}
	Layer L141 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(35,19) X';
			TemporalMap(11,13) C;
			SpatialMap(3,3) Y';
			TemporalMap(3,3) R;
			TemporalMap(53,45) K;
			TemporalMap(3,3) S;
			Cluster(24,P);
			TemporalMap(3,3) K;
			TemporalMap(3,3) Y';
			TemporalMap(4,4) C;
			SpatialMap(13,13) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(4,P);
			TemporalMap(3,3) S;
			TemporalMap(8,8) X';
			TemporalMap(3,3) C;
			TemporalMap(2,2) K;
			SpatialMap(2,2) Y';
			TemporalMap(3,3) R;
		}
	}
	Layer L142 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 96, C: 16, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(73,52) X';
			TemporalMap(82,75) K;
			TemporalMap(1,1) R;
			SpatialMap(10,3) C;
			TemporalMap(1,1) S;
			TemporalMap(112,112) Y';
		}
	}
	Layer L143 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 16, C: 32, R: 1, S: 1, Y: 112, X: 112 }
		Dataflow {
			TemporalMap(1,1) R;
			SpatialMap(10,10) K;
			TemporalMap(4,4) X';
			TemporalMap(1,1) S;
			TemporalMap(42,42) Y';
			TemporalMap(31,31) C;
			Cluster(25,P);
			TemporalMap(22,13) C;
			TemporalMap(1,1) R;
			TemporalMap(1,1) X';
			TemporalMap(1,1) S;
			TemporalMap(7,4) Y';
			SpatialMap(1,1) K;
			Cluster(3,P);
			TemporalMap(1,1) X';
			TemporalMap(16,16) K;
			TemporalMap(1,1) Y';
			SpatialMap(22,22) C;
			TemporalMap(1,1) R;
			TemporalMap(1,1) S;
		}
	}
	Layer L144 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(680,389) K;
			SpatialMap(323,323) N;
			TemporalMap(346,346) M;
			Cluster(21,P);
			TemporalMap(346,346) M;
			SpatialMap(18,13) N;
			TemporalMap(212,419) K;
		}
	}
	Layer L145 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 144, C: 24, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(22,5) X';
			TemporalMap(1,1) R;
			SpatialMap(27,27) K;
			TemporalMap(1,1) S;
			TemporalMap(7,7) C;
			TemporalMap(21,6) Y';
		}
	}
	Layer L146 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(271,174) C;
			TemporalMap(264,99) K;
			TemporalMap(3,3) S;
			SpatialMap(2,2) X';
			TemporalMap(3,3) Y';
			Cluster(51,P);
			TemporalMap(271,271) C;
			TemporalMap(3,3) S;
			SpatialMap(161,83) K;
			TemporalMap(3,3) R;
			TemporalMap(2,2) X';
			TemporalMap(1,1) Y';
		}
	}
	Layer L147 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 32, C: 3, R: 3, S: 3, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(176,176) Y';
			TemporalMap(16,9) K;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(164,164) X';
			SpatialMap(2,2) C;
			Cluster(24,P);
			SpatialMap(1,1) C;
			TemporalMap(3,3) S;
			TemporalMap(1,1) K;
			TemporalMap(176,176) Y';
			TemporalMap(20,20) X';
			TemporalMap(3,3) R;
		}
	}
	Layer L148 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(617,617) N;
			SpatialMap(187,187) M;
			TemporalMap(621,621) K;
			Cluster(42,P);
			TemporalMap(218,174) K;
			TemporalMap(61,61) M;
			SpatialMap(137,137) N;
		}
	}
	Layer L149 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) R;
			SpatialMap(6,6) X';
			TemporalMap(24,24) K;
			TemporalMap(3,3) S;
			TemporalMap(4,2) Y';
			TemporalMap(256,256) C;
		}
	}
	Layer L150 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(214,159) K;
			TemporalMap(94,94) C;
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(7,1) Y';
			SpatialMap(8,8) X';
			Cluster(27,P);
			TemporalMap(91,91) C;
			SpatialMap(214,214) K;
			TemporalMap(8,4) X';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			SpatialMap(2,2) Y';
		}
	}
	Layer L152 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(3,3) R;
			TemporalMap(32,32) K;
			TemporalMap(8,8) X';
			SpatialMap(58,58) C;
			TemporalMap(13,3) Y';
			TemporalMap(3,3) S;
			Cluster(9,P);
			TemporalMap(3,3) S;
			SpatialMap(30,30) C;
			TemporalMap(24,24) K;
			TemporalMap(5,5) X';
			TemporalMap(3,3) R;
			TemporalMap(13,13) Y';
		}
	}
}
