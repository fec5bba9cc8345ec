/** The `{ message }` answer of most /api/auth calls. */
export interface MessageResponse {
  message: string;
}
