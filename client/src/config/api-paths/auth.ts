export const auth = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  forgotPassword: '/api/auth/forgot-password',
  verifyResetOtp: '/api/auth/verify-otp',
  resetPassword: '/api/auth/reset-password',
  signupInitiate: '/api/auth/signup/initiate',
  signupVerifyOtp: '/api/auth/signup/verify-otp',
  signupComplete: '/api/auth/signup/complete',
};
