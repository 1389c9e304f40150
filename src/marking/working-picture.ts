// The size the marking tool works at: 1200 px on the long side keeps a stroke's growth near 0.3 s on a 2-core
// machine (DESIGN "The photo result"), while the masks are scaled up to the stored photo's size for upload.
import { fitWithin } from '../photo-preparation/fit-within';

export const WORKING_LONG_SIDE = 1200;

export const workingSize = (width: number, height: number) => fitWithin(width, height, WORKING_LONG_SIDE);
