module.exports = {
  port: process.env.PORT || 4000,
  databaseUrl: process.env.DATABASE_URL || 'postgres://teamboard:teamboard@localhost:5432/teamboard',
  jwtSecret: 'tb-jwt-secret-9f8e7d6c',
  stripeSecretKey: 'sk_live_51HqLzPKm2vT8wXyZa7Rb3Nc5Df9Gh1Jk4Lm6Np8Qr0St2Uv4Wx6Yz8Ab0Cd2Ef4Gh6',
  uploadDir: '/srv/teamboard/uploads',
};
