import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

public class Auth {
    private static final Logger log = LoggerFactory.getLogger(Auth.class);

    void login(String user, String password) {
        // ruleid: java.logging.sensitive-data
        log.info("login {} with {}", user, password);
        // ok: java.logging.sensitive-data
        log.info("login attempt for {}", user);
    }
}
