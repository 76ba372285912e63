// Board: every topology becomes one graph of cells with named directions and precomputed
// ray tables, so move generators index arrays instead of computing geometry.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace boardlab {

// What a ray does at the edge of the board.
enum class EdgePolicy : uint8_t {
  Stop,     // the ray ends: no cell beyond the edge (kNoCell)
  Off,      // the ray leaves the board: kOffBoard (bearing off)
  Reflect,  // the ray bounces like a ball off a mirror, each axis on its own
};
constexpr int16_t kNoCell = -1;
constexpr int16_t kOffBoard = -2;

struct Board {
  int width = 0, height = 0;
  int ncells = 0;
  std::vector<std::string> cell_names;
  std::vector<int16_t> x, y;         // grid coordinates, 0-based from the lower left
  std::vector<uint8_t> playable;     // may a piece stand here?
  std::vector<std::string> dir_names;
  std::vector<std::pair<int, int>> dir_vectors;
  EdgePolicy edges = EdgePolicy::Stop;
  int max_ray = 0;                   // rays are tabulated for k = 0..max_ray
  std::vector<int16_t> rays;         // [(cell * ndirs + dir) * (max_ray + 1) + k]

  int ndirs() const { return static_cast<int>(dir_names.size()); }
  int16_t ray(int cell, int dir, int k) const { return rays[(cell * ndirs() + dir) * (max_ray + 1) + k]; }
  int cell_index(const std::string& name) const;  // -1 if unknown
  int dir_index(const std::string& name) const;   // -1 if unknown
};

enum class PlayableMask : uint8_t { All, Dark, Light };

// A rectangular grid: files a.. left to right, ranks 1.. from the bottom; a1 is dark.
Board make_grid(int width, int height, PlayableMask mask, EdgePolicy edges,
                std::vector<std::string> dir_names, std::vector<std::pair<int, int>> dir_vectors, int max_ray);

}  // namespace boardlab
