// Queue names of the beta programme (kept apart from the job handlers so producers do not import mail code).
export const BETA_WELCOME_QUEUE = 'beta.welcome';
export const BETA_FEEDBACK_QUEUE = 'beta.feedback';
