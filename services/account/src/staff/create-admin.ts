/**
 * `node dist/staff/create-admin.js --email a@b.de [--first-name X] [--last-name Y] [--role admin|manager]`
 * (run by `npm run create-admin`): creates a staff account with a confirmed e-mail address, or
 * gives an existing account that role. The password comes from ADMIN_PASSWORD (never an argument,
 * never a default); it must pass the same rules as every password. The first admin.
 */
import { parseArgs } from 'node:util';
import { Email, UserRole } from '@shop/contracts';
import { loadConfig, openDatabase } from '@shop/service-kit';
import { AccountEnv } from '../config';
import { newPasswordProblem } from '../auth/auth-service';
import { passwordHasher } from '../auth/password-hasher';
import { userModel } from '../users/user.model';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, role: { type: 'string' } },
  });
  const email = Email.safeParse(values.email);
  if (!email.success) throw new Error('Bitte --email mit einer gültigen E-Mail-Adresse angeben.');
  const role = UserRole.exclude(['customer']).safeParse(values.role ?? 'admin');
  if (!role.success) throw new Error("--role muss 'admin' oder 'manager' sein.");
  const password = process.env.ADMIN_PASSWORD ?? '';
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);

  const config = loadConfig(AccountEnv);
  const db = await openDatabase(config.MONGODB_URI, config.MONGODB_DB);
  try {
    const Users = userModel(db);
    await Users.init();
    const now = new Date();
    const passwordHash = await passwordHasher.hash(password);
    const existing = await Users.findOne({ email: email.data }).lean();
    if (existing) {
      await Users.updateOne(
        { _id: existing._id },
        { $set: { role: role.data, passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? now } },
      );
      console.log(`account: ${email.data} hat jetzt die Rolle ${role.data} und das neue Passwort.`);
    } else {
      await Users.create({
        email: email.data,
        passwordHash,
        firstName: values['first-name'] ?? 'Shop',
        lastName: values['last-name'] ?? 'Admin',
        role: role.data,
        emailVerifiedAt: now,
      });
      console.log(`account: ${role.data} ${email.data} angelegt.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
