import java.sql.Connection;
import java.sql.DriverManager;

public class Db {
    // ruleid: java.secrets.hardcoded-credential
    private static final String DB_PASSWORD = "pr0d-Passw0rd";
    // ok: java.secrets.hardcoded-credential
    private static final String PASSWORD_PARAM = "password";
    // ok: java.secrets.hardcoded-credential
    private final String apiKey = System.getenv("API_KEY");

    Connection open() throws Exception {
        // ruleid: java.secrets.hardcoded-credential
        Connection a = DriverManager.getConnection("jdbc:mysql://db/app", "app", "letMe1n!");
        // ok: java.secrets.hardcoded-credential
        Connection b = DriverManager.getConnection("jdbc:mysql://db/app", "app", System.getenv("DB_PASSWORD"));
        // ruleid: generic.secrets.connection-string-credentials
        String url = "jdbc:postgresql://app:Hidden4Real@db:5432/app";
        return a;
    }
}
