// Discovery Explore: the shared board of Discovery (evolution), see evolution.js.
export { createBoard } from "./evolution.js";
