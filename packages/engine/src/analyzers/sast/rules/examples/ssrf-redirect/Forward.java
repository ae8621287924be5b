import java.net.URL;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class Forward {
    void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
        String target = request.getParameter("target");
        // ruleid: java.redirect.open-redirect
        response.sendRedirect(target);
        // ok: java.redirect.open-redirect
        response.sendRedirect("/home");
        // ruleid: java.ssrf.request-url
        URL url = new URL(request.getParameter("feed"));
        // ok: java.ssrf.request-url
        URL fixed = new URL("https://api.example.com/feed");
        url.openStream().close();
    }
}
