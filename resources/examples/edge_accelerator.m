// A 256-PE accelerator: 512 B of L1 per PE, 108 KB of L2, 64 elements/cycle NoC.
num_pes: 256
l1_size_cstr: 512
l2_size_cstr: 108000
noc_bw_cstr: 64
offchip_bw_cstr: 32
NoC_NumHops: 1
