// @ts-nocheck
import { Controller, Get, Post, Body } from '@nestjs/common';
import { NextResponse } from 'next/server';

@Controller('auth')
export class AuthController {
  constructor(private readonly jwt: { sign(p: object, o: object): string }) {}

  @Post('login')
  login(@Body() body: { user: string }) {
    return {
      token: this.jwt.sign({ sub: body.user }, {
        // ok: js.logging.secret-in-response
        secret: process.env.JWT_SECRET,
      }),
      debug: {
        // ruleid: js.logging.secret-in-response
        jwtSecret: process.env.JWT_SECRET,
      },
    };
  }

  @Get('env')
  env() {
    // ruleid: js.logging.secret-in-response
    return { success: true, environment: process.env };
  }

  private signingOptions() {
    // ok: js.logging.secret-in-response
    return { secret: process.env.JWT_SECRET };
  }
}

export async function GET() {
  // ruleid: js.logging.secret-in-response
  return NextResponse.json({ databaseUrl: process.env.DATABASE_URL });
}
