import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;

public class Cookies {
    void insecure(HttpServletResponse response, String value) {
        // ruleid: java.auth.cookie-without-secure, java.auth.cookie-without-httponly
        Cookie c = new Cookie("remember", value);
        response.addCookie(c);
    }

    void explicitOff(HttpServletResponse response, String value) {
        // ok: java.auth.cookie-without-secure, java.auth.cookie-without-httponly
        Cookie c = new Cookie("sid", value);
        // ruleid: java.auth.cookie-without-secure
        c.setSecure(false);
        // ruleid: java.auth.cookie-without-httponly
        c.setHttpOnly(false);
        response.addCookie(c);
    }

    void secure(HttpServletResponse response, String value) {
        // ok: java.auth.cookie-without-secure, java.auth.cookie-without-httponly
        Cookie c = new Cookie("sid", value);
        // ok: java.auth.cookie-without-secure
        c.setSecure(true);
        // ok: java.auth.cookie-without-httponly
        c.setHttpOnly(true);
        response.addCookie(c);
    }
}
