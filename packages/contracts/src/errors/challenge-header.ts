/** The request header that carries a solved ProofOfWorkChallenge (base64 JSON; error-response.ts), free of zod for the forms that send it. */
export const CHALLENGE_SOLUTION_HEADER = 'x-challenge-solution';
