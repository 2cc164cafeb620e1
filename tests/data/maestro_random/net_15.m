Network rnd15 {
	Layer L194 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(64,64) C;
			TemporalMap(34,34) Y';
			TemporalMap(3,3) S;
			TemporalMap(9,9) X';
			TemporalMap(3,3) R;
			SpatialMap(23,23) K;
			Cluster(49,P);
			TemporalMap(6,3) Y';
			TemporalMap(3,3) S;
			TemporalMap(2,2) X';
			SpatialMap(64,64) C;
			TemporalMap(5,5) K;
			TemporalMap(3,3) R;
		}
	}
	Layer L195 {
		Type: GEMM
		Dimensions { M: 512, N: 768, K: 768 }
		Dataflow {
			TemporalMap(466,466) M;
			TemporalMap(197,1) N;
			SpatialMap(768,351) K;
			Cluster(45,P);
			SpatialMap(44,44) M;
			TemporalMap(768,768) N;
			TemporalMap(387,387) K;
		}
	}
	Layer L196 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(63,63) C;
			TemporalMap(128,128) K;
			SpatialMap(20,20) X';
			TemporalMap(3,3) R;
			TemporalMap(17,8) Y';
			Cluster(47,P);
			TemporalMap(12,12) X';
			SpatialMap(55,16) K;
			TemporalMap(16,16) Y';
			TemporalMap(60,60) C;
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			Cluster(1,P);
			TemporalMap(16,16) Y';
			TemporalMap(3,3) R;
			TemporalMap(11,8) C;
			TemporalMap(3,3) S;
			SpatialMap(4,4) K;
			TemporalMap(12,11) X';
		}
	}
	Layer L197 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(78,78) C;
			TemporalMap(3,3) R;
			TemporalMap(19,19) Y';
			TemporalMap(111,111) K;
			TemporalMap(3,3) S;
			SpatialMap(9,9) X';
			Cluster(26,P);
			TemporalMap(3,3) S;
			SpatialMap(90,12) K;
			TemporalMap(3,3) R;
			TemporalMap(16,13) Y';
			TemporalMap(8,8) X';
			TemporalMap(112,112) C;
			Cluster(2,P);
			SpatialMap(11,19) Y';
			TemporalMap(3,3) R;
			TemporalMap(51,51) C;
			TemporalMap(3,3) X';
			TemporalMap(81,81) K;
			TemporalMap(3,3) S;
		}
	}
	Layer L198 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 3, S: 3, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(3,3) Y';
			TemporalMap(104,104) K;
			SpatialMap(256,256) C;
			TemporalMap(3,3) R;
			TemporalMap(5,5) X';
			TemporalMap(3,3) S;
			Cluster(27,P);
			TemporalMap(512,512) K;
			TemporalMap(5,5) X';
			TemporalMap(1,1) Y';
			TemporalMap(3,3) S;
			SpatialMap(8,8) C;
			TemporalMap(3,3) R;
		}
	}
	Layer L199 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(24,24) K;
			TemporalMap(54,54) Y';
			SpatialMap(54,24) X';
			TemporalMap(26,26) C;
		}
	}
	Layer L201 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 64, R: 1, S: 1, Y: 56, X: 56 }
		Dataflow {
			TemporalMap(52,10) Y';
			TemporalMap(18,1) C;
			TemporalMap(25,4) X';
			TemporalMap(1,1) R;
			SpatialMap(23,23) K;
			TemporalMap(1,1) S;
			Cluster(64,P);
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			SpatialMap(11,1) X';
			TemporalMap(29,29) C;
			TemporalMap(1,1) Y';
			TemporalMap(34,34) K;
		}
	}
	Layer L202 {
		Type: CONV
		Stride { X: 2, Y: 2 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(123,171) K;
			TemporalMap(512,512) C;
			TemporalMap(3,3) R;
			TemporalMap(3,6) Y';
			SpatialMap(2,2) X';
			Cluster(2,P);
			SpatialMap(46,46) K;
			TemporalMap(512,512) C;
			TemporalMap(1,1) Y';
			TemporalMap(2,2) X';
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
		}
	}
	Layer L203 {
		Type: GEMM
		Dimensions { M: 100, N: 100, K: 100 }
		Dataflow {
			SpatialMap(93,93) N;
			TemporalMap(25,25) M;
			TemporalMap(99,67) K;
			Cluster(53,P);
			TemporalMap(57,9) K;
			SpatialMap(86,32) N;
			TemporalMap(5,5) M;
		}
	}
	Layer L204 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 256, R: 1, S: 1, Y: 14, X: 14 }
		Dataflow {
			TemporalMap(4,4) X';
			SpatialMap(256,83) C;
			TemporalMap(86,22) K;
			TemporalMap(1,1) S;
			TemporalMap(1,1) R;
			TemporalMap(7,7) Y';
			Cluster(52,P);
			SpatialMap(2,2) X';
			TemporalMap(1,1) S;
			TemporalMap(3,3) Y';
			TemporalMap(51,51) K;
			TemporalMap(256,71) C;
			TemporalMap(1,1) R;
			Cluster(15,P);
			TemporalMap(3,3) Y';
			TemporalMap(1,1) S;
			TemporalMap(2,1) X';
			TemporalMap(46,46) C;
			TemporalMap(1,1) R;
			SpatialMap(27,27) K;
		}
	}
	Layer L205 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 128, C: 128, R: 3, S: 3, Y: 28, X: 28 }
		Dataflow {
			TemporalMap(26,10) Y';
			SpatialMap(109,109) C;
			TemporalMap(3,3) R;
			TemporalMap(128,102) K;
			TemporalMap(20,20) X';
			TemporalMap(3,3) S;
			Cluster(45,P);
			TemporalMap(2,2) X';
			TemporalMap(3,3) S;
			TemporalMap(13,13) Y';
			TemporalMap(50,14) C;
			TemporalMap(3,3) R;
			SpatialMap(93,48) K;
		}
	}
	Layer L206 {
		Type: CONV
		Stride { X: 1, Y: 1 }
		Dimensions { K: 512, C: 512, R: 3, S: 3, Y: 7, X: 7 }
		Dataflow {
			TemporalMap(3,3) S;
			TemporalMap(3,3) R;
			TemporalMap(4,4) X';
			TemporalMap(3,3) Y';
			TemporalMap(38,7) K;
			SpatialMap(290,55) C;
		}
	}
}
