import java.io.File;
import java.io.FileInputStream;
import java.nio.file.Paths;
import javax.servlet.http.HttpServletRequest;

public class Download {
    void serve(HttpServletRequest request) throws Exception {
        String name = request.getParameter("file");
        String fileName = "/var/data/" + name;
        // ruleid: java.path.request-data-in-file-path
        FileInputStream in = new FileInputStream(fileName);
        // ruleid: java.path.request-data-in-file-path
        java.nio.file.Path p = Paths.get("/var/data", request.getHeader("X-File"));
        // ok: java.path.request-data-in-file-path
        File fixed = new File("/var/data/report.pdf");
        int id = Integer.parseInt(request.getParameter("id"));
        // ok: java.path.request-data-in-file-path
        File byId = new File("/var/data/" + id + ".pdf");
        in.close();
    }

    void contained(HttpServletRequest request) throws Exception {
        File base = new File("/var/data");
        // ok: java.path.request-data-in-file-path
        File f = new File(base, request.getParameter("file"));
        if (!f.getCanonicalPath().startsWith(base.getCanonicalPath() + File.separator)) {
            throw new SecurityException("outside base");
        }
    }
}
