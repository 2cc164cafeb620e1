Network rnd8 {
	Layer L100 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			SpatialMap(35,34) X';
			SpatialMap(35,35) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(18,17) K;
			TemporalMap(18,18) Y';
			Cluster(34,P);
			TemporalMap(3,3) R;
			TemporalMap(34,34) Y';
			SpatialMap(18,18) K;
			TemporalMap(37,37) C;
			TemporalMap(3,3) S;
			TemporalMap(35,35) X';
		}
	}
	Layer L101 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(5,5) X';
			TemporalMap(5,5) Y';
			TemporalMap(3,3) S;
			SpatialMap(415,279) K;
			TemporalMap(3,3) R;
			TemporalMap(199,199) C;
			Cluster(53,P);
			TemporalMap(56,12) C;
			TemporalMap(3,3) R;
			TemporalMap(154,154) K;
			TemporalMap(3,3) S;
			TemporalMap(2,2) X';
			SpatialMap(3,3) Y';
		}
	}
	Layer L102 {
		Type: DSCONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 1, C: 32, R: 3, S: 3, Y: 112, X: 112 }
		Dataflow {
			SpatialMap(1,1) Y';
			TemporalMap(3,3) R;
			TemporalMap(32,32) C;
			TemporalMap(3,3) S;
			TemporalMap(55,38) X';
			Cluster(37,P);
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(14,14) C;
			TemporalMap(1,1) Y';
			TemporalMap(14,14) X';
		}
	}
	Layer L103 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(2,2) C;
			SpatialMap(17,17) Y';
			TemporalMap(48,48) K;
			TemporalMap(7,7) S;
			TemporalMap(7,7) R;
			TemporalMap(176,176) X';
			Cluster(19,P);
			TemporalMap(7,7) R;
			TemporalMap(13,13) Y';
			SpatialMap(2,2) X';
			TemporalMap(1,1) C;
			TemporalMap(7,7) S;
			TemporalMap(34,25) K;
		}
	}
	Layer L104 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			SpatialMap(12,12) K;
			TemporalMap(7,7) R;
			TemporalMap(133,133) X';
			TemporalMap(174,174) Y';
			TemporalMap(2,2) C;
			TemporalMap(7,7) S;
			Cluster(25,P);
			TemporalMap(7,7) S;
			SpatialMap(5,5) K;
			TemporalMap(2,2) C;
			TemporalMap(52,52) X';
			TemporalMap(167,167) Y';
			TemporalMap(7,7) R;
		}
	}
	Layer L105 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(427,427) K;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(256,143) C;
			SpatialMap(8,8) X';
			TemporalMap(10,10) Y';
			Cluster(55,P);
			SpatialMap(33,31) C;
			TemporalMap(1,1) R;
			TemporalMap(9,9) Y';
			TemporalMap(8,7) K;
			TemporalMap(1,1) S;
			TemporalMap(5,5) X';
		}
	}
	Layer L106 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			TemporalMap(3,3) C;
			SpatialMap(61,61) X';
			TemporalMap(7,7) S;
			TemporalMap(65,65) Y';
			TemporalMap(7,7) R;
			TemporalMap(64,19) K;
			Cluster(56,P);
			SpatialMap(17,17) X';
			TemporalMap(65,55) Y';
			TemporalMap(3,3) C;
			TemporalMap(7,7) S;
			TemporalMap(7,7) R;
			TemporalMap(15,15) K;
		}
	}
	Layer L107 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 3, R: 7, S: 7, Y: 224, X: 224 }
		Dataflow {
			SpatialMap(28,4) K;
			TemporalMap(7,7) R;
			TemporalMap(7,7) S;
			TemporalMap(218,218) X';
			TemporalMap(1,1) C;
			TemporalMap(215,158) Y';
		}
	}
	Layer L108 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(10,10) C;
			TemporalMap(3,3) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			SpatialMap(376,242) K;
			SpatialMap(4,2) Y';
			Cluster(28,P);
			TemporalMap(172,172) C;
			TemporalMap(3,3) R;
			SpatialMap(89,89) K;
			TemporalMap(3,3) S;
			TemporalMap(4,4) Y';
			TemporalMap(1,1) X';
		}
	}
	Layer L109 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 256, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(9,9) Y';
			TemporalMap(3,3) R;
			SpatialMap(46,46) C;
			TemporalMap(195,195) K;
			TemporalMap(8,6) X';
			Cluster(29,P);
			TemporalMap(3,3) R;
			TemporalMap(16,12) C;
			SpatialMap(9,9) Y';
			TemporalMap(195,195) K;
			TemporalMap(3,3) S;
			TemporalMap(5,5) X';
		}
	}
	Layer L110 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(47,47) Y';
			TemporalMap(3,3) R;
			TemporalMap(44,6) K;
			TemporalMap(3,3) S;
			SpatialMap(20,20) X';
			TemporalMap(37,37) C;
			Cluster(48,P);
			TemporalMap(3,3) R;
			TemporalMap(25,8) K;
			TemporalMap(20,4) X';
			TemporalMap(3,3) S;
			SpatialMap(9,9) C;
			TemporalMap(11,11) Y';
			Cluster(1,P);
			TemporalMap(3,3) K;
			TemporalMap(3,3) R;
			TemporalMap(11,11) Y';
			SpatialMap(9,5) C;
			TemporalMap(13,13) X';
			TemporalMap(3,3) S;
		}
	}
	Layer L111 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(35,35) X';
			SpatialMap(30,30) Y';
			TemporalMap(3,3) R;
			TemporalMap(3,3) S;
			TemporalMap(53,53) K;
			TemporalMap(22,22) C;
			Cluster(35,P);
			TemporalMap(3,3) R;
			TemporalMap(15,15) Y';
			SpatialMap(35,23) X';
			TemporalMap(20,20) K;
			TemporalMap(3,3) S;
			TemporalMap(10,10) C;
		}
	}
}
