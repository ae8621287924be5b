import java.io.PrintWriter;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.encoder.Encode;

public class Echo {
    void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
        String name = request.getParameter("name");
        // ruleid: java.xss.request-data-written-to-response
        response.getWriter().println("<h1>Hello " + name + "</h1>");
        PrintWriter out = response.getWriter();
        // ruleid: java.xss.request-data-written-to-response
        out.print(request.getHeader("Referer"));
        // ok: java.xss.request-data-written-to-response
        out.println("<h1>Hello " + Encode.forHtml(name) + "</h1>");
        // ok: java.xss.request-data-written-to-response
        out.println("<h1>Hello</h1>");
    }
}
