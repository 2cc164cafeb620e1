// DiGamma: the domain-aware genetic algorithm of Kao, Pellauer, Parashar and Krishna (DiGamma:
// domain-aware genetic algorithm for HW-mapping co-optimization, 2022), over one accelerator for a
// whole model and one mapping per layer (design_space.hpp), as the paper intends it.
//
// Operators (the paper's Fig. 4):
//  * Mutate-HW: the PE array's size or shape (one dimension grown or shrunk, set to a nearby size
//    that divides the layers' dimensions well, or PEs moved between two dimensions), and the
//    buffer sizes when they are searched; every layer's mapping
//    follows the new array (its cluster sizes are the array's dimensions). At rate 1.0 on the
//    first generation (the public code's choice, for a diverse start) and hw_mutation_rate after.
//  * Grow / age: the array gains a dimension (its innermost one split) or loses its innermost
//    one; every layer's mapping gains a random inner level or drops its innermost.
//  * Crossover of mappings: a child takes its hardware from one parent and each layer's mapping
//    from either parent (GAMMA's tile crossover within a layer too, when the levels agree).
//  * Mutate-Map and reorder: GAMMA's tile, parallel-dimension and order mutations on some layers.
//  * Per-layer elitism (domain-aware: layers are independent on a given array): a child's layers
//    that it did not mutate take the best mapping seen for that layer on its array.
//  * Budget fitting (domain-aware, from the buffer rule): the layers whose mappings set the L1 and
//    L2 sizes give up a tile factor; an array that leaves area unused grows into it, one over the
//    budget shrinks to fit (the parent's evaluation says which).
// Buffers are sized to what the mappings need (the paper's allocation rule) unless searched.
// Choices the paper leaves open (measured on ResNet-18 and MobileNetV2, Edge and Cloud): a
// population of 100 until the sample budget is used; each child's layers mutate with probability
// 0.25 each (at least one); a child identical to one already evaluated is mutated again; after
// stagnation the non-elite population is re-drawn; the last 40% of the budget refines the best
// design's mappings on its array with a GAMMA search per layer (on a fixed array layers are
// independent: n evaluations of every layer are n design points, as for Mapping-opt).
#pragma once

#include <stop_token>

#include "codesign/design_evaluator.hpp"
#include "search/gamma.hpp"

namespace mapscape {

struct DigammaOptions {
    int population = 100;
    double elite_ratio = 0.05;
    double parent_ratio = 0.2;
    double crossover_rate = 0.5;
    double hw_mutation_rate = 0.5;   // after the first generation (1.0 there)
    double grow_rate = 0.1, age_rate = 0.1;
    double buffer_mutation_rate = 0.5;  // when buffers are searched
    double layer_mutation_rate = 0.1;  // per layer of a child
    double budget_fit_rate = 0.5;       // per child: the domain-aware budget step (see fit_to_budget)
    double best_layers_rate = 0.8;      // per child: its unmutated layers take the best known on its array
    double area_preference = 0.03;      // selection: objective x (1 + this x area / budget); results use the objective
    int stagnation_restart = 10;        // generations without improvement (0: never)
    double refine_share = 0.4;  // last share: GAMMA per layer on the best design, and on it re-fitted to the budget
    GammaOptions mapping;               // rates of the per-layer mapping operators
};

CodesignResult run_digamma(const CodesignProblem& problem, const DigammaOptions& options = {}, CodesignSink* sink = nullptr,
                           std::stop_token stop = {});

}  // namespace mapscape
