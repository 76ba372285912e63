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

enum class BoardKind : uint8_t {
  Grid,     // every square of a rectangle is a cell
  Lattice,  // points on a rectangle's coordinates, joined by lines (steps) that differ per point
  Track,    // points in a row, named 1..n; rays leave it at either end
  Hex,      // hexagonal cells on axial coordinates: a rhombus, or a hexagon
};

struct Board {
  BoardKind kind = BoardKind::Grid;
  int width = 0, height = 0;         // of the coordinate rectangle
  int ncells = 0;
  std::vector<std::string> cell_names;
  std::vector<int16_t> x, y;         // coordinates, 0-based from the lower left
  std::vector<int16_t> at;           // [y * width + x] -> the cell there, or kNoCell
  std::vector<uint8_t> playable;     // may a piece stand here?
  std::vector<std::string> dir_names;
  std::vector<std::pair<int, int>> dir_vectors;
  std::vector<int16_t> opposite;      // [dir] the direction whose vector is its negation, or -1
  EdgePolicy edges = EdgePolicy::Stop;
  int max_ray = 0;                   // rays are tabulated for k = 0..max_ray
  std::vector<int16_t> rays;         // [(cell * ndirs + dir) * (max_ray + 1) + k]

  int ndirs() const { return static_cast<int>(dir_names.size()); }
  int16_t ray(int cell, int dir, int k) const { return rays[(cell * ndirs() + dir) * (max_ray + 1) + k]; }
  int cell_at(int cx, int cy) const {
    return cx < 0 || cy < 0 || cx >= width || cy >= height ? kNoCell : at[static_cast<size_t>(cy * width + cx)];
  }
  int cell_index(const std::string& name) const;  // -1 if unknown
  int dir_index(const std::string& name) const;   // -1 if unknown
};

enum class PlayableMask : uint8_t { All, Dark, Light };

// A rectangular grid: files a.. left to right, ranks 1.. from the bottom; a1 is dark.
Board make_grid(int width, int height, PlayableMask mask, EdgePolicy edges,
                std::vector<std::string> dir_names, std::vector<std::pair<int, int>> dir_vectors, int max_ray);

// A lattice: the points are the coordinates of a width x height rectangle that belong to
// one of the classes (each class picks coordinates by the parity of x, y and x + y); a point
// steps to its neighbour along each direction its class lists, if a point is there. A ray
// follows one direction's vector while every step is a line, and stops (kNoCell) where the
// line ends: a jump over a neighbour lands on the point straight beyond. Lines must go both
// ways. Points are named like grid cells (file letter, rank number). Throws
// std::invalid_argument, naming the point, for a point in two classes or a one-way line.
enum class Parity : uint8_t { Any, Even, Odd };
struct PointClass {
  std::string name;
  Parity x = Parity::Any, y = Parity::Any, sum = Parity::Any;
  std::vector<int> steps;  // direction indices
};
Board make_lattice(int width, int height, const std::vector<PointClass>& classes, std::vector<std::string> dir_names,
                   std::vector<std::pair<int, int>> dir_vectors, int max_ray);

// A track of n points named 1..n, with the directions given (up and down by default); rays
// leave it at either end (kOffBoard). Each player numbers the points from its own far end:
// its point k is the cell from which k steps forward leave the track.
Board make_track(int points, std::vector<std::string> dir_names, std::vector<std::pair<int, int>> dir_vectors,
                 int max_ray);

// A board of hexagonal cells on axial coordinates (x, y): a rhombus of width x height cells,
// or a hexagon of side n (width = height = 2n - 1, the cells with n - 1 <= x + y <= 3n - 3).
// By default six directions: e [1, 0], ne [0, 1], nw [-1, 1], w [-1, 0], sw [0, -1], se [1, -1]
// (each row drawn half a cell right of the one below). Cells are named like grid cells; rays
// stop at the edge.
enum class HexShape : uint8_t { Rhombus, Hexagon };
Board make_hex(HexShape shape, int width, int height, std::vector<std::string> dir_names,
               std::vector<std::pair<int, int>> dir_vectors, int max_ray);

// A board of the kind with no cell yet: its coordinate rectangle (every `at` kNoCell), its
// directions, rays up to the longest of max_ray, width and height that stop at the edge; for
// the makers that place cells one by one.
Board board_frame(BoardKind kind, int width, int height, std::vector<std::string> dir_names,
                  std::vector<std::pair<int, int>> dir_vectors, int max_ray);

// Fills b.opposite from b.dir_vectors (every maker calls it).
void link_opposites(Board& b);

// File letters a..z, then aa, ab...: the first part of a cell's name.
std::string file_name(int x);

}  // namespace boardlab
