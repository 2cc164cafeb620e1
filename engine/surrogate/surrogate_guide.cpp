#include "surrogate/surrogate_guide.hpp"

#include "surrogate/surrogate_gradient.hpp"

namespace mapscape {

SurrogateGuide::SurrogateGuide(std::shared_ptr<const Surrogate> surrogate, double learning_rate, int doublings)
    : surrogate_(std::move(surrogate)), learning_rate_(learning_rate), doublings_(doublings) {}

void SurrogateGuide::improve(const SearchProblem& problem, std::vector<Genome>& genomes) const {
    const SurrogateSpace space = make_surrogate_space(problem);
    if (!space.covered) return;
    std::vector<std::size_t> movable;
    std::vector<Genome> batch;
    for (std::size_t i = 0; i < genomes.size(); ++i)
        if (genomes[i].num_levels == 2) {
            movable.push_back(i);
            Genome g = genomes[i];
            repair(g, space.genome);
            batch.push_back(g);
        }
    if (batch.empty()) return;
    const SurrogateGradient gradient(*surrogate_, space, problem.objective);
    std::vector<MappingVector> gradients;
    gradient.predict(batch, &gradients);
    for (std::size_t k = 0; k < batch.size(); ++k) {
        double rate = learning_rate_;
        for (int attempt = 0; attempt <= doublings_; ++attempt, rate *= 2) {
            const Genome moved = project_to_genome(gradient.step(batch[k], gradients[k], rate), space);
            if (moved != batch[k]) {
                genomes[movable[k]] = moved;
                break;
            }
        }
    }
}

}  // namespace mapscape
