// The requests' map key (migration 0035, request_map_key): a place of web mercator as a Morton
// code at zoom 31 — the bits of x (from the west) and y (from the north), 2^31 a side,
// interleaved, x in the even bits. A tile z/x/y, and each of its cells, is one range of keys.

/** Bits a side of the key's grid. */
const KEY_BITS = 31;

function spread(value: bigint): bigint {
  let result = 0n;
  for (let bit = 0n; bit < BigInt(KEY_BITS); bit++) result |= ((value >> bit) & 1n) << (2n * bit);
  return result;
}

function compact(value: bigint): number {
  let result = 0n;
  for (let bit = 0n; bit < BigInt(KEY_BITS); bit++) result |= ((value >> (2n * bit)) & 1n) << bit;
  return Number(result);
}

/** The keys of tile z/x/y: from `first` (included) to `end` (excluded). */
export function tileKeyRange({ z, x, y }: { z: number; x: number; y: number }): {
  first: bigint;
  end: bigint;
} {
  const below = BigInt(2 * (KEY_BITS - z));
  const first = (spread(BigInt(x)) | (spread(BigInt(y)) << 1n)) << below;
  return { first, end: first + (1n << below) };
}

/** How far to shift a key right to get its cell of `cells` a side in a tile of zoom z (a power of 2). */
export function cellShift(z: number, cells: number): number {
  return 2 * (KEY_BITS - z - Math.log2(cells));
}

/** A key's place in tile units of tile z/x/y (0 to `extent`, y down). */
export function keyInTile(
  key: bigint,
  tile: { z: number; x: number; y: number },
  extent: number,
): [number, number] {
  const side = 2 ** (KEY_BITS - tile.z);
  const x = compact(key);
  const y = compact(key >> 1n);
  return [
    Math.floor(((x - tile.x * side) * extent) / side),
    Math.floor(((y - tile.y * side) * extent) / side),
  ];
}
