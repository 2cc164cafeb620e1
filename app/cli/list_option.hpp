// Comma-separated option values ("gamma,cmaes", "1,2,3").
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace mapscape::cli {

inline std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string part; std::getline(ss, part, ',');)
        if (!part.empty()) out.push_back(part);
    return out;
}

}  // namespace mapscape::cli
